import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '@tezgah/server';
import { addDays, isDay, isWeekend, istanbulDate } from './dates';

/**
 * The TCMB sandbox: the simulator the sandbox adapter reaches over HTTP, in TCMB's own URL shapes
 * (`/kurlar/today.xml`, `/kurlar/YYYYMM/DDMMYYYY.xml`) and format. Deterministic: every working
 * day it serves the same real bulletin (TCMB's of 04.12.2015, shipped in fixtures/, ISO-8859-9
 * like the original), dated to the day asked; Saturdays and Sundays answer 404 as TCMB does for
 * days without a bulletin, and today.xml is the last working day's.
 *
 * Switches, for tests and demonstrations: the query parameter `fail` or `sandboxSwitches.fail`
 * set to `timeout` (answers only after the client gave up), `error` (HTTP `sandboxSwitches.status`,
 * 503 by default) or `garbage` (200 with an HTML page instead of XML).
 */
export const sandboxSwitches: { fail: 'timeout' | 'error' | 'garbage' | null; status: number; requests: string[] } = { fail: null, status: 503, requests: [] };

const SAMPLE = readFileSync(new URL('../fixtures/tcmb-today-20151204.xml', import.meta.url));
const SAMPLE_TEXT = SAMPLE.toString('latin1');
const GIVE_UP_MS = 60_000;

/** The sample dated to `date` (YYYY-MM-DD), byte for byte otherwise (its ISO-8859-9 letters kept). */
export function sampleBulletin(date: string): Buffer {
  const [y, m, d] = date.split('-');
  const dayOfYear = Math.round((Date.UTC(+y!, +m! - 1, +d!) - Date.UTC(+y!, 0, 1)) / 86_400_000) + 1;
  const text = SAMPLE_TEXT
    .replace('Tarih="04.12.2015"', `Tarih="${d}.${m}.${y}"`)
    .replace('Date="12/04/2015"', `Date="${m}/${d}/${y}"`)
    .replace('Bulten_No="2015/231"', `Bulten_No="${y}/${String(dayOfYear).padStart(3, '0')}"`);
  return Buffer.from(text, 'latin1');
}

async function answer(request: FastifyRequest, reply: FastifyReply, date: string | null) {
  const q = request.query as { fail?: string };
  const fail = q.fail ?? sandboxSwitches.fail;
  sandboxSwitches.requests.push(request.url);
  if (fail === 'timeout') {
    // Answer only when the client has gone (or after a minute), like a server that hangs.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GIVE_UP_MS);
      request.raw.once('close', () => { clearTimeout(timer); resolve(); });
      request.raw.socket.once('close', () => { clearTimeout(timer); resolve(); });
    });
  } else if (fail === 'error') {
    return reply.status(sandboxSwitches.status).type('text/html; charset=utf-8').send('<html><body><h1>Service Unavailable</h1></body></html>');
  } else if (fail === 'garbage') {
    return reply.type('text/html; charset=utf-8').send('<html><body><p>Bakım çalışması</body>');
  }
  if (!date) return reply.status(404).type('text/html; charset=utf-8').send('<html><body><h1>404</h1></body></html>');
  return reply.type('application/xml; charset=ISO-8859-9').send(sampleBulletin(date));
}

/**
 * The plugin's sandbox hook (ServerPlugin.sandbox): mounts the TCMB simulator at
 * /sandbox/accounting/tcmb, unless the server reads TCMB's live rates (TEZGAH_RATES=live).
 */
export async function ratesSandbox(app: FastifyInstance, services: Services): Promise<void> {
  if (services.config.env?.TEZGAH_RATES === 'live') return;
  app.get('/tcmb/kurlar/today.xml', async (request, reply) => {
    let day = istanbulDate(services.now());
    while (isWeekend(day)) day = addDays(day, -1);
    return answer(request, reply, day);
  });
  app.get('/tcmb/kurlar/:month/:file', async (request, reply) => {
    const { month, file } = request.params as { month: string; file: string };
    const m = /^(\d{2})(\d{2})(\d{4})\.xml$/.exec(file);
    const date = m && `${m[3]}${m[2]}` === month ? `${m[3]}-${m[2]}-${m[1]}` : null;
    const published = date !== null && isDay(date) && date <= istanbulDate(services.now()) && !isWeekend(date);
    return answer(request, reply, published ? date : null);
  });
}
