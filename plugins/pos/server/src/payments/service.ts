import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { inTenant, Problem, type Services } from '@tezgah/server';
import { directoryOf, DOCUMENTS_SERVICE, LEDGER_SERVICE, RETAIL_CURRENT_NAME, type DocumentsService, type LedgerService } from '@tezgah/accounting-server';
import { canTransition, POS_OPEN_STATUSES, type PosPaymentStatus } from '@tezgah/pos-common';
import { loadDevice, outsideTimeoutMs, ownBase, sandboxBase, type PosDeviceAccess } from '../devices/index';
import { buildBasket, TerminalRefused, TerminalUnreachable, TOKENX_LIVE_URL, TokenXClient, voidBasket, type Completion } from './tokenx';

/**
 * The POS payment state machine and what moves it: the user's three actions, the terminal's
 * reports (webhook, polling) and the posting a success makes. Every change goes through `move`,
 * which holds the payment's row, refuses a transition POS_TRANSITIONS does not allow, keeps the
 * change in pos_payment_events and does what the new status means:
 * - SUCCESS posts the collection once (NON_PRESCRIPTION, OPEN_ACCOUNT: POS bank account debit,
 *   the current's account credit, source POS_PAYMENT:<id>, which the ledger posts only once; a
 *   sale without a current is credited to the company's retail customer current, as a shop
 *   books a card sale to nobody in particular; an INVOICE payment was posted by its invoice);
 * - SALE_CANCELLED reverses that posting (an INVOICE payment: the accounting plugin voids the
 *   invoice's card payment) and moves on to SALE_CANCEL_SUCCESS.
 */

type Db = Kysely<any>;
export type Source = 'USER' | 'TERMINAL' | 'POLL' | 'SYSTEM';

export const today = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(d);

export class TransitionRefused extends Problem {
  constructor(from: PosPaymentStatus, to: PosPaymentStatus) {
    super(409, 'Durum değiştirilemez', { detail: `POS ödemesi ${from} durumundan ${to} durumuna geçemez.`, code: 'POS_TRANSITION_NOT_ALLOWED' });
  }
}

export interface MoveResult { changed: boolean; from: PosPaymentStatus; to: PosPaymentStatus }

export async function move(
  db: Db, services: Services, companyId: number, id: number, to: PosPaymentStatus, source: Source,
  opts: { reason?: string | null; patch?: Record<string, unknown>; login?: string | null; detail?: Record<string, unknown> } = {},
): Promise<MoveResult> {
  const row = await db.selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new Problem(404, 'Kayıt bulunamadı', { detail: 'POS ödemesi bulunamadı.', code: 'NOT_FOUND' });
  const from = row.status as PosPaymentStatus;
  // A terminal repeating itself is a no-op; a person asking for the status it has is refused.
  if (from === to && source !== 'USER') return { changed: false, from, to };
  if (!canTransition(from, to)) {
    if (source === 'USER') throw new TransitionRefused(from, to);
    return { changed: false, from, to };
  }
  await db.updateTable('pos_payments').set({
    status: to, status_reason: opts.reason ?? null, ...(opts.patch ?? {}), change_seq: sql`nextval('pos_payment_change_seq')`, updated_at: new Date(),
  }).where('company_id', '=', companyId).where('id', '=', id).execute();
  await db.insertInto('pos_payment_events').values({
    company_id: companyId, payment_id: id, from_status: from, to_status: to, source, detail: opts.detail ? JSON.stringify(opts.detail) : null, created_by: opts.login ?? null,
  }).execute();
  if (to === 'SUCCESS') await postCollection(db, services, companyId, id);
  if (to === 'SALE_CANCELLED') await reverseCollection(db, services, companyId, id);
  return { changed: true, from, to };
}

async function note(db: Db, companyId: number, id: number, reason: string) {
  await db.updateTable('pos_payments').set({ status_reason: reason, change_seq: sql`nextval('pos_payment_change_seq')`, updated_at: new Date() })
    .where('company_id', '=', companyId).where('id', '=', id).execute();
}

/**
 * Posts a successful NON_PRESCRIPTION or OPEN_ACCOUNT payment's collection, once. A sale without a
 * current (only a sale without prescription may have none) is credited to the retail customer
 * current ('Perakende müşteri', made by the accounting plugin on its first use); the payment
 * itself keeps no current, so it is still shown with the customer name typed at the counter.
 */
export async function postCollection(db: Db, services: Services, companyId: number, id: number): Promise<void> {
  const p = await db.selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
  if (p.kind === 'INVOICE' || p.entry_id) return;
  const bank = await directoryOf(services).bankAccount(db, companyId, Number(p.bank_account_id));
  if (!bank) {
    await note(db, companyId, id, 'Tahsilat muhasebeleşmedi: ödemenin POS banka hesabı yok.');
    return;
  }
  const ledger = services.service<LedgerService>(LEDGER_SERVICE);
  const amount = new Decimal(p.total).toFixed(2);
  const who = p.customer_name ?? (p.current_id == null ? RETAIL_CURRENT_NAME : null);
  const text = `POS tahsilatı ${p.document_no} (${p.terminal_serial_no})${who ? `: ${who}` : ''}`;
  try {
    const currentId = p.current_id != null
      ? Number(p.current_id)
      : (await services.service<DocumentsService>(DOCUMENTS_SERVICE).customerCurrent(db, companyId, { taxNumber: null, name: RETAIL_CURRENT_NAME })).currentId;
    // The current's own sub-account, made on its first use by the accounting plugin.
    const cur = await ledger.currentAccount(db, companyId, currentId);
    const posted = await ledger.post(db, companyId, {
      date: today(services.now()), explanation: text, source: { kind: 'POS_PAYMENT', id }, createdBy: p.created_by,
      lines: [{ account: bank.accountCode, debit: amount, explanation: text }, { account: cur, credit: amount, explanation: text }],
    });
    await db.updateTable('pos_payments').set({ entry_id: posted.id }).where('company_id', '=', companyId).where('id', '=', id).execute();
  } catch (e) {
    // ALREADY_POSTED: a concurrent delivery posted it (the ledger refuses a source twice).
    if (e instanceof Problem && e.code === 'ALREADY_POSTED') return;
    if (e instanceof Problem) { await note(db, companyId, id, `Tahsilat muhasebeleşmedi: ${e.detail ?? e.title}`); return; }
    throw e;
  }
}

/**
 * A voided sale: its collection is reversed (NON_PRESCRIPTION, OPEN_ACCOUNT), or the invoice's
 * card payment voided (INVOICE), and the payment is SALE_CANCEL_SUCCESS.
 */
async function reverseCollection(db: Db, services: Services, companyId: number, id: number): Promise<void> {
  const p = await db.selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
  if (p.kind === 'INVOICE') {
    // The invoice's card payment did not happen after all: the accounting plugin voids it (its
    // posting reversed, the invoice owes the amount again) in this transaction.
    if (p.invoice_payment_id) {
      const documents = services.service<DocumentsService>(DOCUMENTS_SERVICE);
      await documents.voidPayment(db, companyId, {
        invoicePaymentId: Number(p.invoice_payment_id), date: today(services.now()), by: p.created_by,
        reason: `POS satış iptali ${p.document_no} (${p.terminal_serial_no})`,
      });
    }
  } else if (p.entry_id && !p.reversal_entry_id) {
    const ledger = services.service<LedgerService>(LEDGER_SERVICE);
    const r = await ledger.reverse(db, companyId, Number(p.entry_id), { date: today(services.now()), explanation: `POS satış iptali ${p.document_no}`, createdBy: p.created_by });
    await db.updateTable('pos_payments').set({ reversal_entry_id: r.id }).where('company_id', '=', companyId).where('id', '=', id).execute();
  }
  await move(db, services, companyId, id, 'SALE_CANCEL_SUCCESS', 'SYSTEM');
}

// ---------------------------------------------------------------------------------------------
// The terminal adapters.

function clientFor(services: Services, d: PosDeviceAccess): TokenXClient {
  const sandbox = d.provider === 'SANDBOX';
  const clientId = d.apiKey ?? (sandbox ? `sandbox-${d.terminalSerialNo}` : null);
  const clientSecret = d.appToken ?? (sandbox ? 'sandbox-secret' : null);
  if (!clientId || !clientSecret) throw new TerminalRefused('POS cihazının API anahtarı ve uygulama anahtarı girilmemiş.', 400);
  const baseUrl = sandbox ? `${sandboxBase(services)}/terminal` : (services.config.env?.TEZGAH_TOKENX_URL || TOKENX_LIVE_URL);
  return new TokenXClient({ baseUrl, clientId, clientSecret, terminalId: d.terminalSerialNo, timeoutMs: outsideTimeoutMs(services) });
}

/** The secret the provider signs its webhooks with (the client secret; our invention, see tokenx.ts). */
export function webhookSecret(d: PosDeviceAccess): string {
  return d.appToken ?? (d.provider === 'SANDBOX' ? 'sandbox-secret' : '');
}

export function callbackUrl(services: Services, d: PosDeviceAccess, companyId: number): string {
  const base = d.provider === 'SANDBOX' ? ownBase(services) : services.config.publicUrl.replace(/\/+$/, '');
  return `${base}/services/onmuhasebe/api/pos-terminal-callback/${companyId}`;
}

const errText = (e: unknown) => (e instanceof TerminalUnreachable || e instanceof TerminalRefused ? e.message : `POS cihazına gönderilemedi: ${(e as Error).message}`);

/**
 * What a status the person asked for needs from the terminal, done after the request's
 * transaction committed (never inside it: the terminal is an outside system): PENDING sends the
 * basket (→ ON_TERMINAL, or FAILED when it could not be sent), SALE_CANCEL_PENDING sends the void
 * basket (→ SALE_CANCEL_ON_TERMINAL or SALE_CANCEL_FAILED), CANCELLED takes the basket off the
 * terminal when it is still there (best effort: a result that arrives anyway is believed).
 */
export async function dispatch(services: Services, companyId: number, id: number): Promise<void> {
  try {
    const got = await inTenant(services.db, companyId, async (trx) => {
      const p = await (trx as Db).selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      if (!p) return null;
      const items = typeof p.items === 'string' ? JSON.parse(p.items) : (p.items ?? []);
      return { p: { ...p, items } as Record<string, any>, d: await loadDevice(trx, services, companyId, Number(p.device_id)) };
    });
    if (!got?.d) return;
    const { p, d } = got;
    const status = p.status as PosPaymentStatus;
    let outcome: { to: PosPaymentStatus; reason?: string } | null = null;
    try {
      const client = clientFor(services, d);
      if (status === 'PENDING' && p.basket_id) {
        await client.ensureWebhook(callbackUrl(services, d, companyId));
        await client.sendBasket(buildBasket({
          basketId: p.basket_id, documentNo: p.document_no, title: p.kind === 'INVOICE' ? 'Fatura tahsilatı' : p.kind === 'OPEN_ACCOUNT' ? 'Cari tahsilat' : 'Satış',
          total: p.total, lines: (p.items as any[]).map((l) => ({ name: String(l.name), quantity: l.quantity, unitPrice: l.unitPrice, taxPercent: l.taxPercent ?? 0 })),
        }));
        outcome = { to: 'ON_TERMINAL' };
      } else if (status === 'SALE_CANCEL_PENDING' && p.void_basket_id && p.basket_id) {
        await client.ensureWebhook(callbackUrl(services, d, companyId));
        await client.sendBasket(voidBasket({ basketId: p.void_basket_id, voidOf: p.basket_id, documentNo: p.document_no, total: p.total }));
        outcome = { to: 'SALE_CANCEL_ON_TERMINAL' };
      } else if (status === 'CANCELLED' && p.basket_id) {
        await client.deleteBasket(p.basket_id).catch(() => undefined);
      }
    } catch (e) {
      if (status === 'PENDING') outcome = { to: 'FAILED', reason: errText(e) };
      else if (status === 'SALE_CANCEL_PENDING') outcome = { to: 'SALE_CANCEL_FAILED', reason: errText(e) };
    }
    if (outcome) {
      const o = outcome;
      await inTenant(services.db, companyId, (trx) => move(trx as Db, services, companyId, id, o.to, 'TERMINAL', { reason: o.reason ?? null }));
    }
  } catch (e) {
    console.error(`pos: dispatch of payment ${id} failed`, e);
  }
}

/** A terminal's report (webhook or polling) applied to the payment whose basket it names. */
export async function applyReport(
  db: Db, services: Services, companyId: number, p: { id: number; basket_id: string | null; void_basket_id: string | null },
  basketId: string, report: { completion?: Completion; progress?: 'ON_TERMINAL' | 'INPROGRESS' }, source: Source,
): Promise<MoveResult | null> {
  const isVoid = basketId === p.void_basket_id;
  const c = report.completion;
  if (c) {
    const patch = { receipt_no: c.receiptNo, z_no: c.zNo, bank_response_code: c.responseCode, card_type: c.cardType, masked_pan: c.maskedPan };
    const detail = { basketId, outcome: c.outcome, receiptNo: c.receiptNo, zNo: c.zNo, responseCode: c.responseCode, message: c.message };
    if (isVoid || c.outcome === 'VOIDED' || c.outcome === 'VOID_FAILED') {
      const to = c.outcome === 'VOIDED' ? 'SALE_CANCELLED' : 'SALE_CANCEL_FAILED';
      return move(db, services, companyId, p.id, to, source, { reason: to === 'SALE_CANCEL_FAILED' ? `Cihaz iptali reddetti${c.message ? `: ${c.message}` : ''}; satış geçerli.` : null, detail });
    }
    if (c.outcome === 'SUCCESS') return move(db, services, companyId, p.id, 'SUCCESS', source, { patch, detail });
    if (c.outcome === 'FAILED') return move(db, services, companyId, p.id, 'FAILED', source, { patch: { bank_response_code: c.responseCode }, reason: `Banka reddetti (${c.responseCode})${c.message ? `: ${c.message}` : ''}.`, detail });
    return move(db, services, companyId, p.id, 'ABORTED', source, { reason: 'Ödeme cihazda iptal edildi.', detail });
  }
  if (report.progress) {
    const to: PosPaymentStatus | null = isVoid ? (report.progress === 'ON_TERMINAL' ? 'SALE_CANCEL_ON_TERMINAL' : null) : report.progress;
    if (to) return move(db, services, companyId, p.id, to, source, { detail: { basketId } });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The polling job: payments the terminal owes an answer for, asked about (GET /v1/basket/{id}).

const seconds = (services: Services, name: string, def: number) => {
  const v = Number(services.config.env?.[name]);
  return Number.isFinite(v) && v >= 0 ? v : def;
};

/**
 * `pos.payments.poll` (every minute; tests call it directly): each open payment sent more than
 * TEZGAH_POS_POLL_AFTER_SECONDS (20 s) ago is asked about; a completed basket is applied as its
 * webhook would have been; one still open after TEZGAH_POS_UNKNOWN_AFTER_SECONDS (300 s), or
 * whose terminal does not answer by then, becomes UNKNOWN (a sale; a void stays where it is).
 */
export async function pollOpenPayments(services: Services): Promise<{ asked: number; changed: number }> {
  const now = services.now().getTime();
  const after = seconds(services, 'TEZGAH_POS_POLL_AFTER_SECONDS', 20) * 1000;
  const unknownAfter = seconds(services, 'TEZGAH_POS_UNKNOWN_AFTER_SECONDS', 300) * 1000;
  const open = await (services.db as Db).selectFrom('pos_payments').select(['company_id', 'id', 'sent_at'])
    .where('status', 'in', [...POS_OPEN_STATUSES, 'UNKNOWN']).where('sent_at', 'is not', null)
    .where('sent_at', '<=', new Date(now - after)).orderBy('id').limit(200).execute();
  let changed = 0;
  for (const o of open) {
    const companyId = Number(o.company_id);
    const id = Number(o.id);
    try {
      const got = await inTenant(services.db, companyId, async (trx) => {
        const p = await (trx as Db).selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
        return p ? { p, d: await loadDevice(trx, services, companyId, Number(p.device_id)) } : null;
      });
      if (!got?.d) continue;
      const { p, d } = got;
      const isVoid = ['SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL'].includes(p.status);
      const basketId: string | null = isVoid ? p.void_basket_id : p.basket_id;
      if (!basketId) continue;
      let state: Awaited<ReturnType<TokenXClient['getBasket']>> | null = null;
      try { state = await clientFor(services, d).getBasket(basketId, isVoid); } catch { state = null; }
      const old = now - new Date(p.sent_at).getTime() >= unknownAfter;
      const r = await inTenant(services.db, companyId, async (trx) => {
        if (state?.completion) return applyReport(trx as Db, services, companyId, p as any, basketId, { completion: state.completion }, 'POLL');
        if (state && (state.basketStatus === 'ON_TERMINAL' || state.basketStatus === 'INPROGRESS') && !old) return applyReport(trx as Db, services, companyId, p as any, basketId, { progress: state.basketStatus }, 'POLL');
        if (old && !isVoid && p.status !== 'UNKNOWN') {
          return move(trx as Db, services, companyId, id, 'UNKNOWN', 'POLL', { reason: state ? 'Cihaz zamanında sonuç bildirmedi.' : 'Cihaza ulaşılamıyor.' });
        }
        return null;
      });
      if (r?.changed) changed++;
    } catch (e) {
      console.error(`pos: polling payment ${id} failed`, e);
    }
  }
  return { asked: open.length, changed };
}

/** A fresh basket id for a sending (Token X: a UUID v4). */
export const newBasketId = () => randomUUID();
