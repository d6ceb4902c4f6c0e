import { fileURLToPath } from 'node:url';
import { pluginOfAreas } from '@tezgah/server';
import type { PharmacyArea } from './area';
import { area as settings } from './settings/index';
import { area as medula } from './medula/index';
import { area as prescriptions } from './prescriptions/index';
import { area as tracking } from './tracking/index';
import { area as medicines } from './medicines/index';
import { area as medicineManagement } from './medicines/manage';
import { area as emanet } from './emanet/index';
import { area as sale } from './sale/index';

/**
 * The pharmacy plugin's server part (issue 12; seeds 001). Its areas:
 * - settings/: the company's Medula, İTS and ÜTS accounts and the patient-share rules;
 * - medula/: the Medula port, its sandbox (served under /sandbox/pharmacy/medula) and live adapter;
 * - prescriptions/: the prescription calls of seeds 001 §7 and the prescriptions list;
 * - tracking/: İTS and ÜTS (ports, sandboxes, the gateway calls, the notification outbox and its
 *   job) and the per-serial box states;
 * - medicines/: the shared TİTCK/SKRS/SGK lists, equivalents, a pharmacy's products from them;
 *   medicines/manage.ts: management's upkeep of that master, the TİTCK import (titck.ts) and each
 *   company's medicine-creation status (a job);
 * - emanet/: deposited medicines (credit products);
 * - sale/: the counter: the patient's share, the payment and the invoice of a prescription.
 */
// The emanet demo deposits boxes the sale area's demo makes: emanet comes after sale.
const AREAS: PharmacyArea[] = [settings, medula, prescriptions, tracking, medicines, medicineManagement, sale, emanet];

export default pluginOfAreas('pharmacy', AREAS, { migrations: { owner: 'pharmacy', dir: fileURLToPath(new URL('../migrations', import.meta.url)) } });
