import type { FastifyInstance } from 'fastify';
import { callbackHash, createToken, deleteToken, sandboxMerchant } from './paytr';

/**
 * The payment-page simulator, shaped like PayTR's link API (research "PayTR Link API"), mounted at
 * /sandbox/pos/pay. Its world is in memory (never the database: PGlite has one connection and the
 * adapter calls here from inside a request's transaction).
 *
 * - POST /odeme/api/link/create, /odeme/api/link/delete: PayTR's fields and tokens, checked with
 *   the sandbox merchant's key and salt (paytr.ts sandboxMerchant: OUR INVENTION);
 * - GET /link/:id: the hosted page (a small HTML form with "Öde" and "Reddet"); POST
 *   /link/:id/pay {outcome: pay|decline}: a payment; on success the callback goes to the link's
 *   callback_link with PayTR's fields and hash, retried until the answer is the text OK;
 * - PUT /control {down, slowMs, error, callbackTimes, retryMs, maxAttempts}: switches; GET
 *   /control/links/:id: what the simulator knows of a link (tests).
 *
 * The callback is posted form-urlencoded, as PayTR does. OUR DEVIATION: the merchant_oid is
 * "SB" + a counter.
 */

interface SandboxLink {
  id: string; merchantId: string; name: string; price: string; currency: string; linkType: string; email: string | null;
  expiry: string | null; callbackLink: string; callbackId: string; deleted: boolean;
  payments: { merchantOid: string; status: 'success' | 'declined'; attempts: { at: string; status: number; body: string }[]; acknowledged: boolean }[];
}

interface Control { down: boolean; slowMs: number; error: string | null; callbackTimes: number; retryMs: number; maxAttempts: number }
const DEFAULT_CONTROL: Control = { down: false, slowMs: 0, error: null, callbackTimes: 1, retryMs: 500, maxAttempts: 6 };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function linksSandbox(app: FastifyInstance): Promise<void> {
  const links = new Map<string, SandboxLink>();
  let control: Control = { ...DEFAULT_CONTROL };
  let seq = 0;
  let oidSeq = 0;

  await app.register(async (s) => {
    // Forms (PayTR's create and delete, the page's pay button) are read by the kernel's parser.
    s.addHook('onRequest', async (req, reply) => {
      if (req.url.includes('/control')) return;
      if (control.down) return reply.status(503).send({ status: 'error', reason: 'unreachable' });
      if (control.slowMs) await sleep(control.slowMs);
    });

    s.put('/control', async (req) => {
      const { reset, ...b } = (req.body ?? {}) as Partial<Control> & { reset?: boolean };
      control = reset ? { ...DEFAULT_CONTROL, ...b } : { ...control, ...b };
      return control;
    });
    s.get('/control/links/:id', async (req, reply) => {
      const l = links.get((req.params as { id: string }).id);
      if (!l) return reply.status(404).send({ error: 'no such link' });
      return l;
    });

    s.post('/odeme/api/link/create', async (req) => {
      const f = (req.body ?? {}) as Record<string, string>;
      if (control.error) return { status: 'failed', reason: control.error };
      const m = sandboxMerchant(f.merchant_id ?? '');
      const linkType = f.link_type === 'product' ? 'product' : 'collection';
      if (!f.merchant_id || !f.name || f.name.length < 4 || f.name.length > 200) return { status: 'error', err_msg: 'name 4-200 karakter olmalı' };
      if (!/^[1-9][0-9]*$/.test(f.price ?? '')) return { status: 'error', err_msg: 'price geçersiz' };
      if (linkType === 'collection' && !f.email) return { status: 'error', err_msg: 'collection linki için email zorunlu' };
      if (f.callback_link && !/^[0-9A-Za-z]{1,64}$/.test(f.callback_id ?? '')) return { status: 'error', err_msg: 'callback_id geçersiz' };
      const want = createToken(m, {
        name: f.name, price: f.price!, currency: (f.currency ?? 'TL') as 'TL', maxInstallment: Number(f.max_installment ?? 1), linkType, lang: (f.lang ?? 'tr') as 'tr',
        email: f.email ?? null, minCount: Number(f.min_count ?? 1),
      });
      if (want !== f.paytr_token) return { status: 'error', err_msg: 'paytr_token geçersiz' };
      const id = `SB${(++seq).toString(36).toUpperCase().padStart(5, '0')}`;
      links.set(id, {
        id, merchantId: f.merchant_id, name: f.name, price: f.price!, currency: f.currency ?? 'TL', linkType, email: f.email ?? null,
        expiry: f.expiry_date ?? null, callbackLink: f.callback_link ?? '', callbackId: f.callback_id ?? '', deleted: false, payments: [],
      });
      const base = `${req.protocol}://${req.headers.host}/sandbox/pos/pay`;
      return { status: 'success', id, link: `${base}/link/${id}` };
    });

    s.post('/odeme/api/link/delete', async (req) => {
      const f = (req.body ?? {}) as Record<string, string>;
      const m = sandboxMerchant(f.merchant_id ?? '');
      if (deleteToken(m, f.id ?? '') !== f.paytr_token) return { status: 'error', err_msg: 'paytr_token geçersiz' };
      const ok: string[] = [];
      const failed: string[] = [];
      for (const id of (f.id ?? '').split(',')) {
        const l = links.get(id);
        if (l && l.merchantId === f.merchant_id && !l.deleted) { l.deleted = true; ok.push(id); } else failed.push(id);
      }
      return failed.length && !ok.length ? { status: 'failed', reason: 'link bulunamadı', failed_deletes: failed } : { status: 'success', success_deletes: ok, failed_deletes: failed };
    });

    s.get('/link/:id', async (req, reply) => {
      const l = links.get((req.params as { id: string }).id);
      reply.type('text/html; charset=utf-8');
      if (!l || l.deleted) return reply.status(404).send('<!doctype html><title>PayTR</title><p>Bu ödeme linki geçerli değil.</p>');
      const paid = l.payments.some((p) => p.status === 'success');
      const amount = (Number(l.price) / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2 });
      return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>Ödeme (sandbox)</title></head><body>
<h1>${escape(l.name)}</h1><p>Tutar: <strong>${amount} ${escape(l.currency)}</strong></p>
${paid ? '<p id="result">Bu link ödendi.</p>' : `<form method="post" action="/sandbox/pos/pay/link/${escape(l.id)}/pay">
<label>Kart numarası <input name="card" value="4355084355084358"></label>
<button name="outcome" value="pay">Öde</button> <button name="outcome" value="decline">Reddet</button></form>`}
<p><small>Test ortamı: gerçek ödeme alınmaz.</small></p></body></html>`;
    });

    s.post('/link/:id/pay', async (req, reply) => {
      const l = links.get((req.params as { id: string }).id);
      const outcome = ((req.body ?? {}) as { outcome?: string }).outcome === 'decline' ? 'decline' : 'pay';
      reply.type('text/html; charset=utf-8');
      if (!l || l.deleted) return reply.status(404).send('<!doctype html><p>Bu ödeme linki geçerli değil.</p>');
      const merchantOid = `SB${++oidSeq}${l.id}`;
      if (outcome === 'decline') {
        // PayTR calls back only on success: a declined card leaves nothing to tell.
        l.payments.push({ merchantOid, status: 'declined', attempts: [], acknowledged: false });
        return '<!doctype html><p id="result">Ödeme reddedildi: kartınızdan çekim yapılamadı.</p>';
      }
      if (l.payments.some((p) => p.status === 'success')) return reply.status(409).send('<!doctype html><p id="result">Bu link ödendi.</p>');
      const payment = { merchantOid, status: 'success' as const, attempts: [] as SandboxLink['payments'][number]['attempts'], acknowledged: false };
      l.payments.push(payment);
      const m = sandboxMerchant(l.merchantId);
      const fields = {
        merchant_oid: merchantOid, status: 'success', total_amount: l.price, payment_amount: l.price, payment_type: 'card', currency: l.currency,
        callback_id: l.callbackId, merchant_id: l.merchantId, test_mode: '1',
        hash: callbackHash(m, { callbackId: l.callbackId, merchantOid, status: 'success', totalAmount: l.price }),
      };
      const deliver = async (): Promise<boolean> => {
        try {
          const r = await fetch(l.callbackLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), signal: AbortSignal.timeout(10_000) });
          const text = await r.text();
          payment.attempts.push({ at: new Date().toISOString(), status: r.status, body: text.slice(0, 500) });
          return r.status === 200 && text.trim() === 'OK';
        } catch (e) {
          payment.attempts.push({ at: new Date().toISOString(), status: 0, body: String(e).slice(0, 200) });
          return false;
        }
      };
      // The first delivery before the page answers (tests see its effect at once); the retries,
      // and the extra deliveries a test asks for (callbackTimes), afterwards.
      let ok = await deliver();
      let times = 1;
      const later = async () => {
        let attempts = 1;
        while (times < control.callbackTimes || (!ok && attempts < control.maxAttempts)) {
          await sleep(control.retryMs);
          const again = await deliver();
          attempts++;
          if (times < control.callbackTimes) times++;
          ok = ok || again;
        }
        payment.acknowledged = ok;
      };
      payment.acknowledged = ok;
      void later();
      return `<!doctype html><p id="result">Ödemeniz alındı. Sipariş no: ${escape(merchantOid)}</p>`;
    });
  }, { prefix: '/pay' });
}
