import { fileURLToPath } from 'node:url';
import { pluginOfAreas } from '@tezgah/server';
import type { PosArea } from './area';
import { area as devices } from './devices/index';
import { area as payments } from './payments/index';
import { area as links } from './links/index';
import { area as assistant } from './assistant/index';

/**
 * The POS plugin's server part (issue 13; seeds 001 §2–§9 POS). Its areas:
 * - devices/: POS devices (terminals) with their provider credentials sealed;
 * - payments/: POS payments and their state machine through the terminal port (a sandbox shaped
 *   like Token X Connect Cloud, served under /sandbox/pos, and a live adapter), current POS
 *   payments, what a successful payment posts through the accounting plugin;
 * - links/: payment links (virtual payments) through the payment-page port (a PayTR-like sandbox
 *   under /sandbox/pos/pay and a live adapter);
 * - assistant/: the desktop assistant (kolay asistan) devices and connector settings.
 */
const AREAS: PosArea[] = [devices, payments, links, assistant];

export default pluginOfAreas('pos', AREAS, { migrations: { owner: 'pos', dir: fileURLToPath(new URL('../migrations', import.meta.url)) } });
