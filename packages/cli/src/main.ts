#!/usr/bin/env node
/** The `tezgah` executable: runs the program on process.argv and sets the exit code. */
import { runCli } from './program';

process.exitCode = await runCli(process.argv.slice(2));
