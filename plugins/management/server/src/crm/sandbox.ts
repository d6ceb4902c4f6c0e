import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaymentResult } from './port';

/**
 * The CRM simulator under /sandbox/management/crm (OUR DESIGN: the vendor's CRM is not public). In
 * memory, per server. Synthetic data:
 * - the tax-professionals registry: TCKN 10000000078 (Ayşe Demir, SMMM) and VKN 1111111106
 *   (Örnek YMM Ltd.); any other number is 404 'Not found in the tax-professionals registry';
 * - yearly service-fee results: 1234567890 (Tezgah Yönetim) and 0123456789 (Demo Ticaret A.Ş.)
 *   SUCCESS without a payment URL; 10000000146 (Demo Eczanesi) PENDING with a payment page this
 *   simulator serves (GET /pay/{token}; paying there turns the result to SUCCESS); 1111111114
 *   FAILED with a payment page; anything else 404 (no fee kept: NONE).
 * PUT /control {down?, reset?}: when down every call but /control answers 503.
 */
export const SANDBOX_TAX_PROFESSIONALS: Record<string, string> = {
  '10000000078': 'Ayşe Demir — Serbest Muhasebeci Mali Müşavir, oda sicil no 34-000078',
  '1111111106': 'Örnek Yeminli Mali Müşavirlik Ltd. Şti. — YMM, oda sicil no 06-001106',
};

interface Fee { status: PaymentResult['status']; token: string | null; img: boolean }
const FEES = (): Map<string, Fee> => new Map([
  ['1234567890', { status: 'SUCCESS', token: null, img: false }],
  ['0123456789', { status: 'SUCCESS', token: null, img: false }],
  ['10000000146', { status: 'PENDING', token: 'fee-10000000146', img: true }],
  ['1111111114', { status: 'FAILED', token: 'fee-1111111114', img: false }],
]);

/** A small PDF the registry answers (base64), naming the professional. */
function vukPdf(line: string): string {
  const text = `VUK mukellef kaydi: ${line.normalize('NFD').replace(/[^\x20-\x7e]/g, '')}`;
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${text.length + 30}>>stream\nBT /F1 12 Tf 40 100 Td (${text}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1').toString('base64');
}

const IMG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect width="240" height="80" rx="8" fill="#215db0"/><text x="120" y="47" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">Hizmet bedeli 2027</text></svg>`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function crmSandbox(app: FastifyInstance): Promise<void> {
  let down = false;
  let fees = FEES();
  const accounts = new Map<string, { identifier: string; name: string; status: 'ACTIVE' | 'PASSIVE' }>();
  const base = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}/sandbox/management/crm`;
  await app.register(async (s) => {
    s.addHook('onRequest', async (req, reply) => {
      if (down && !req.url.endsWith('/control')) return reply.status(503).send({ title: 'Service Unavailable', status: 503 });
    });
    s.put('/control', async (req) => {
      const b = (req.body ?? {}) as { down?: boolean; reset?: boolean };
      if (b.reset) { fees = FEES(); accounts.clear(); down = false; }
      if (typeof b.down === 'boolean') down = b.down;
      return { down, accounts: accounts.size };
    });
    s.post('/accounts', async (req, reply) => {
      const b = (req.body ?? {}) as { identifier?: unknown; name?: unknown };
      if (typeof b.identifier !== 'string' || !/^[0-9]{10,11}$/.test(b.identifier) || typeof b.name !== 'string') return reply.status(400).send({ title: 'Bad Request', status: 400 });
      const accountId = `CRM-${randomUUID().slice(0, 8).toUpperCase()}`;
      accounts.set(accountId, { identifier: b.identifier, name: b.name, status: 'ACTIVE' });
      return reply.status(201).send({ accountId, status: 'ACTIVE' });
    });
    s.post('/accounts/:id/deactivate', async (req, reply) => {
      const a = accounts.get((req.params as { id: string }).id);
      if (!a) return reply.status(404).send({ title: 'Not Found', status: 404 });
      a.status = 'PASSIVE';
      return { accountId: (req.params as { id: string }).id, status: a.status };
    });
    s.get('/tax-professionals/:id', async (req, reply) => {
      const line = SANDBOX_TAX_PROFESSIONALS[(req.params as { id: string }).id];
      if (!line) return reply.status(404).send({ title: 'Not found in the tax-professionals registry', status: 404 });
      return { base64Data: vukPdf(line) };
    });
    s.get('/payment-results/:id', async (req, reply) => {
      const f = fees.get((req.params as { id: string }).id);
      if (!f) return reply.status(404).send({ title: 'Not Found', status: 404 });
      return { status: f.status, paymentUrl: f.token && f.status !== 'SUCCESS' ? `${base(req)}/pay/${f.token}` : null, img: f.img && f.status !== 'SUCCESS' ? `${base(req)}/img/fee.svg` : null };
    });
    s.get('/img/fee.svg', async (_req, reply) => reply.type('image/svg+xml').send(IMG));
    const feeOf = (token: string) => [...fees.entries()].find(([, f]) => f.token === token);
    s.get('/pay/:token', async (req, reply) => {
      const found = feeOf((req.params as { token: string }).token);
      if (!found) return reply.status(404).type('text/html; charset=utf-8').send('<!doctype html><p>Ödeme bulunamadı.</p>');
      const [id, f] = found;
      const paid = f.status === 'SUCCESS';
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Yıllık hizmet bedeli</title></head><body>
<h1>Yıllık hizmet bedeli (sandbox)</h1><p>Vergi no: ${esc(id)}</p><p>Tutar: 4.800,00 ₺ (KDV dahil)</p>
${paid ? '<p>Ödemeniz alındı. Teşekkür ederiz.</p>' : `<form method="post" enctype="text/plain"><button type="submit">Öde</button></form>`}</body></html>`);
    });
    s.post('/pay/:token', async (req, reply) => {
      const found = feeOf((req.params as { token: string }).token);
      if (!found) return reply.status(404).send({ title: 'Not Found', status: 404 });
      found[1].status = 'SUCCESS';
      return reply.type('text/html; charset=utf-8').send('<!doctype html><html lang="tr"><meta charset="utf-8"><p>Ödemeniz alındı. Teşekkür ederiz.</p></html>');
    });
  }, { prefix: '/crm' });
}
