// Part 1 of the bad-input sweep of every operation (packages/server/test/bad-input-sweep.ts).
import { sweep } from '../../test/bad-input-sweep';

sweep(1, 4);
