import type { Services } from '@tezgah/server';
import { RatesUnavailable, TCMB_LIVE_BASE, tcmbRates, type RatesPort } from './tcmb';

/** Where the sandbox is mounted: the plugin's sandbox hook puts it under /sandbox/accounting. */
export const SANDBOX_PATH = '/sandbox/accounting/tcmb';

/**
 * Settings a test (or an embedding program) may set instead of the environment: the sandbox's
 * base URL (the test server's own address) and the client's timeout.
 */
export const ratesSettings: { sandboxUrl: string | undefined; timeoutMs: number | undefined } = { sandboxUrl: undefined, timeoutMs: undefined };

/**
 * The rates port's adapter, chosen by configuration:
 * - `TEZGAH_RATES=sandbox` (the default): the server's own TCMB sandbox, at
 *   `ratesSettings.sandboxUrl`, else `TEZGAH_RATES_URL`, else `<publicUrl>/sandbox/accounting/tcmb`;
 * - `TEZGAH_RATES=live`: TCMB itself (`TEZGAH_RATES_URL` may name a mirror).
 * `TEZGAH_RATES_TIMEOUT_MS` bounds each request (default 5000).
 */
export function ratesPort(services: Services, env: NodeJS.ProcessEnv = process.env): RatesPort {
  const mode = env.TEZGAH_RATES || 'sandbox';
  const timeoutMs = ratesSettings.timeoutMs ?? (Number(env.TEZGAH_RATES_TIMEOUT_MS) || 5000);
  if (mode === 'live') return tcmbRates({ baseUrl: env.TEZGAH_RATES_URL || TCMB_LIVE_BASE, source: 'live', timeoutMs });
  if (mode !== 'sandbox') throw new RatesUnavailable('config', `TEZGAH_RATES must be sandbox or live, not ${mode}`);
  const base = ratesSettings.sandboxUrl ?? (env.TEZGAH_RATES_URL || `${services.config.publicUrl.replace(/\/+$/, '')}${SANDBOX_PATH}`);
  return tcmbRates({ baseUrl: base, source: 'sandbox', timeoutMs });
}
