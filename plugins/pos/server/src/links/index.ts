import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { openSecret, pageRequest, pageResult, Problem, problems, requireAuth, sealSecret, setTenant, tables, type DemoTenant, type Handler, type RequestContext, type SecretScope, type Services, type Trx } from '@tezgah/server';
import { directoryOf, LEDGER_SERVICE, type LedgerService } from '@tezgah/accounting-server';
import { DEFAULT_LINK_DAYS, LINK_TEXTS_TR } from '@tezgah/pos-common';
import type { PosArea } from '../area';
import { outsideTimeoutMs, ownBase, sandboxBase } from '../devices/index';
import { kurus, LIVE_PAYTR_URL, paytrAdapter, sandboxMerchant, verifyCallbackHash, type Merchant, type PaymentPagePort } from './paytr';
import { linksSandbox } from './sandbox';

/**
 * Payment links (virtual payments; issue 13 "Payment links"): a link made at the payment-page
 * provider (PayTR's link API; the sandbox shaped like it under /sandbox/pos/pay), paid by the
 * customer on the provider's page; the provider's success callback (hash verified, deduplicated on
 * its merchant_oid) marks the link PAID and posts the collection once through the accounting
 * plugin's posting function (source VIRTUAL_PAYMENT): debit the company's online-payment bank
 * account (ONLINE_PAYMENT, under 108), credit the current's own account.
 */

interface LinkRow {
  company_id: number; id: number; current_id: number; amount: string; currency: string; description: string; email: string | null; phone: string | null;
  expiry: Date | string | null; status: 'CREATED' | 'PAID' | 'EXPIRED' | 'CANCELLED'; provider_id: string | null; payment_url: string | null; callback_id: string;
  merchant_oid: string | null; paid_amount: string | null; payment_type: string | null; paid_at: Date | string | null; entry_id: number | null; post_error: string | null;
  created_by: string | null; created_at: Date | string; updated_at: Date | string;
}
interface SettingsRow {
  company_id: number; mode: 'sandbox' | 'live'; merchant_id: string | null; merchant_key_enc: string | null; merchant_salt_enc: string | null;
  bank_account_id: number | null; max_installment: number; updated_at: Date | string;
}
export interface LinksTables { pos_virtual_payments: LinkRow; pos_link_settings: SettingsRow }
type Db = Kysely<LinksTables>;

const scope = (companyId: number, field: string): SecretScope => ({ salt: 'tezgah-pos', info: 'pos_link_settings v1', aad: `pos_link_settings:${companyId}:${field}` });
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
/** The sandbox merchant a company uses when it stored none (paytr.ts sandboxMerchant). */
const defaultSandboxMerchantId = (companyId: number) => `SB${companyId}`;
/** Test hook: a payment-page port of a test's own. */
export const linksHooks: { port: PaymentPagePort | undefined } = { port: undefined };

async function settingsOf(db: Db, companyId: number) {
  return db.selectFrom('pos_link_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** The company's merchant and adapter: sandbox merchants need no stored key; a live one does. */
async function merchantOf(db: Db, services: Services, companyId: number): Promise<{ merchant: Merchant; port: PaymentPagePort; mode: 'sandbox' | 'live'; row: SettingsRow | undefined }> {
  const row = await settingsOf(db, companyId);
  const mode = row?.mode ?? 'sandbox';
  const timeout = outsideTimeoutMs(services);
  if (mode === 'sandbox') {
    return { merchant: sandboxMerchant(row?.merchant_id ?? defaultSandboxMerchantId(companyId)), port: linksHooks.port ?? paytrAdapter(`${sandboxBase(services)}/pay`, timeout), mode, row };
  }
  const key = openSecret(services.secret, scope(companyId, 'merchant_key'), row?.merchant_key_enc);
  const salt = openSecret(services.secret, scope(companyId, 'merchant_salt'), row?.merchant_salt_enc);
  if (!row?.merchant_id || !key || !salt) throw new Problem(409, 'Ayarlar eksik', { detail: LINK_TEXTS_TR.noSettings, code: 'LINK_SETTINGS_MISSING' });
  return { merchant: { id: row.merchant_id, key, salt }, port: linksHooks.port ?? paytrAdapter(services.config.env?.TEZGAH_PAYTR_URL || LIVE_PAYTR_URL, timeout), mode, row };
}

/** The ONLINE_PAYMENT bank account (the chosen one, else the first) and its ledger account. */
async function onlineAccount(services: Services, db: unknown, companyId: number, chosen: number | null | undefined): Promise<{ id: number; accountCode: string } | null> {
  const r = chosen ? await directoryOf(services).bankAccount(db, companyId, Number(chosen)) : (await directoryOf(services).bankAccounts(db, companyId, { type: 'ONLINE_PAYMENT' }))[0];
  return r ? { id: r.id, accountCode: r.accountCode } : null;
}

async function currentName(services: Services, db: unknown, companyId: number, currentId: number): Promise<string | null> {
  return (await directoryOf(services).currentNames(db, companyId, [Number(currentId)])).get(Number(currentId))?.fullName ?? null;
}

function view(r: LinkRow, name: string | null = null) {
  return {
    id: Number(r.id), currentId: Number(r.current_id), currentName: name, amount: new Decimal(r.amount).toNumber(), currency: r.currency, description: r.description,
    email: r.email, phone: r.phone, expiry: iso(r.expiry), status: r.status, paymentUrl: r.payment_url, providerId: r.provider_id, merchantOid: r.merchant_oid,
    paidAmount: r.paid_amount === null ? null : new Decimal(r.paid_amount).toNumber(), paymentType: r.payment_type, paidAt: iso(r.paid_at),
    entryId: r.entry_id === null ? null : Number(r.entry_id), postError: r.post_error, createdAt: iso(r.created_at)!,
  };
}

/** "YYYY-MM-DD HH:MM:SS" and "YYYY-MM-DD" in Turkey time. */
const trTime = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Europe/Istanbul' });
const trDay = (d: Date) => trTime(d).slice(0, 10);

interface CreateBody { currentId: number; amount: number | string; description: string; expiry?: string | null; email?: string | null; phone?: string | null; maxInstallment?: number | null }

async function createLink(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  const companyId = auth.companyId;
  const b = ctx.body as CreateBody;
  const db = tables<LinksTables>(ctx) as unknown as Db;
  let amount: Decimal;
  try { amount = new Decimal(String(b.amount).trim()); } catch { throw problems.invalidField('amount', 'Geçerli bir tutar girin.', 'AMOUNT'); }
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2 || amount.gte('1e12')) throw problems.invalidField('amount', 'Tutar sıfırdan büyük, en fazla iki ondalık basamaklı olmalı.', 'AMOUNT');
  const description = b.description.trim();
  if (description.length < 4) throw problems.invalidField('description', 'Açıklama en az 4 karakter olmalı.', 'DESCRIPTION');
  const name = await currentName(ctx.services, db, companyId, b.currentId);
  if (name === null) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  const now = ctx.services.now();
  const expiry = b.expiry ? new Date(b.expiry) : new Date(now.getTime() + DEFAULT_LINK_DAYS * 86_400_000);
  if (expiry.getTime() <= now.getTime()) throw problems.invalidField('expiry', 'Son geçerlilik zamanı ileride olmalı.', 'EXPIRY');
  const { merchant, port, row } = await merchantOf(db, ctx.services, companyId);
  if (!(await onlineAccount(ctx.services, db, companyId, row?.bank_account_id))) throw new Problem(409, 'Online ödeme hesabı yok', { detail: LINK_TEXTS_TR.noBankAccount, code: 'NO_ONLINE_PAYMENT_ACCOUNT' });
  const inserted = await db.insertInto('pos_virtual_payments').values({
    company_id: companyId, current_id: b.currentId, amount: amount.toFixed(2), description, email: b.email?.trim() || null, phone: b.phone?.trim() || null,
    expiry, callback_id: 'pending', created_by: auth.login,
  } as any).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const callbackId = `${companyId}C${id}`;
  const email = b.email?.trim() || null;
  const made = await port.create(merchant, {
    name: description, price: kurus(amount.toFixed(2)), currency: 'TL', maxInstallment: b.maxInstallment ?? row?.max_installment ?? 1,
    // A collection link needs the payer's e-mail (PayTR); without one, a one-piece "product" link.
    linkType: email ? 'collection' : 'product', lang: 'tr', email, minCount: 1, maxCount: 1, expiryDate: trTime(expiry),
    callbackLink: `${ownBase(ctx.services)}/services/onmuhasebe/api/virtual-payments/callback`, callbackId,
  });
  const saved = await db.updateTable('pos_virtual_payments').set({ callback_id: callbackId, provider_id: made.id, payment_url: made.link, updated_at: new Date() })
    .where('company_id', '=', companyId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pos.virtualPayment.created', entity: 'pos_virtual_payments', entityId: id, detail: { currentId: b.currentId, amount: amount.toFixed(2) } });
  ctx.setStatus(201);
  return view(saved, name);
}

async function loadLink(db: Db, companyId: number, id: number, forUpdate = false): Promise<LinkRow> {
  let q = db.selectFrom('pos_virtual_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) throw problems.notFound('Ödeme linki');
  return r;
}

/** A link past its expiry and still unpaid reads EXPIRED (stored when next touched). */
function withExpiry(r: LinkRow, now: Date): LinkRow {
  return r.status === 'CREATED' && r.expiry && new Date(r.expiry).getTime() < now.getTime() ? { ...r, status: 'EXPIRED' } : r;
}

const listVirtualPayments: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<LinksTables>(ctx) as unknown as Db;
  const page = pageRequest(ctx, ['id', 'desc']);
  const q = (ctx.query ?? {}) as { currentId?: number; status?: string };
  const cols: Record<string, string> = { id: 'v.id', amount: 'v.amount', status: 'v.status', createdAt: 'v.created_at', paidAt: 'v.paid_at' };
  let base = (db as Kysely<any>).selectFrom('pos_virtual_payments as v').where('v.company_id', '=', auth.companyId);
  if (q.currentId) base = base.where('v.current_id', '=', q.currentId);
  if (q.status) base = base.where('v.status', '=', q.status);
  const order = sql.raw([...page.sort.map(([f, d]) => `${cols[f] ?? 'v.id'} ${d} nulls last`), 'v.id desc'].join(', '));
  const [rows, count] = await Promise.all([
    base.selectAll('v').orderBy(order as any).limit(page.size).offset(page.page * page.size).execute(),
    base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  // The page first, then its currents' names in one call to the accounting plugin's directory.
  const names = await directoryOf(ctx.services).currentNames(db, auth.companyId, rows.map((r: any) => Number(r.current_id)));
  const now = ctx.services.now();
  return pageResult(ctx, rows.map((r: any) => view(withExpiry(r as LinkRow, now), names.get(Number(r.current_id))?.fullName || null)), Number((count as any)?.n ?? 0));
};

const getVirtualPayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<LinksTables>(ctx) as unknown as Db;
  const r = await loadLink(db, auth.companyId, Number(ctx.params.id));
  return view(withExpiry(r, ctx.services.now()), await currentName(ctx.services, db, auth.companyId, Number(r.current_id)));
};

const updateVirtualPayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<LinksTables>(ctx) as unknown as Db;
  const b = ctx.body as { id: number; description?: string; email?: string | null; phone?: string | null };
  const r = await loadLink(db, auth.companyId, b.id, true);
  if (r.status !== 'CREATED') throw problems.conflict(LINK_TEXTS_TR.paidNoChange, 'LINK_CLOSED');
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (b.description !== undefined) {
    if (b.description.trim().length < 4) throw problems.invalidField('description', 'Açıklama en az 4 karakter olmalı.', 'DESCRIPTION');
    set.description = b.description.trim();
  }
  if (b.email !== undefined) set.email = b.email?.trim() || null;
  if (b.phone !== undefined) set.phone = b.phone?.trim() || null;
  const saved = await db.updateTable('pos_virtual_payments').set(set as any).where('company_id', '=', auth.companyId).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pos.virtualPayment.updated', entity: 'pos_virtual_payments', entityId: b.id });
  return view(saved, await currentName(ctx.services, db, auth.companyId, Number(r.current_id)));
};

const deleteVirtualPayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<LinksTables>(ctx) as unknown as Db;
  const id = Number(ctx.params.id);
  const r = await loadLink(db, auth.companyId, id, true);
  if (r.status === 'PAID') throw problems.conflict(LINK_TEXTS_TR.paidNoChange, 'LINK_PAID');
  if (r.status === 'CANCELLED') { ctx.setStatus(204); return null; }
  if (r.provider_id) {
    const { merchant, port } = await merchantOf(db, ctx.services, auth.companyId);
    await port.remove(merchant, r.provider_id);
  }
  await db.updateTable('pos_virtual_payments').set({ status: 'CANCELLED', updated_at: new Date() }).where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.virtualPayment.cancelled', entity: 'pos_virtual_payments', entityId: id });
  ctx.setStatus(204);
  return null;
};

interface CallbackBody { hash: string; merchant_oid: string; status: string; total_amount: string; payment_type?: string; callback_id?: string; merchant_id?: string }

const badCallback = (detail: string) => new Problem(400, 'Geçersiz bildirim', { detail, code: 'BAD_CALLBACK' });

/**
 * The provider's callback (x-public). The company and link come from callback_id ('<company>C<id>');
 * the hash is checked with that company's merchant key and salt; a retry of an order already
 * recorded answers OK again and records nothing; the first success marks the link PAID and posts
 * the collection (a posting the books refuse — no fiscal year, no account yet — is kept as
 * postError, and the provider still gets OK: the money was taken).
 */
const virtualPaymentCallback: Handler = async (ctx) => {
  const b = ctx.body as CallbackBody;
  const m = /^([1-9][0-9]{0,15})C([1-9][0-9]{0,15})$/.exec(b.callback_id ?? '');
  if (!m) throw badCallback('callback_id tanınmadı.');
  const companyId = Number(m[1]);
  const id = Number(m[2]);
  await setTenant(ctx.trx, companyId);
  const db = ctx.trx as unknown as Db;
  const link = await db.selectFrom('pos_virtual_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!link || link.callback_id !== b.callback_id) throw badCallback('Ödeme linki bulunamadı.');
  const { merchant, row } = await merchantOf(db, ctx.services, companyId);
  if (!verifyCallbackHash(merchant, { callbackId: b.callback_id!, merchantOid: b.merchant_oid, status: b.status, totalAmount: b.total_amount, hash: b.hash })) {
    throw badCallback('Bildirimin imzası (hash) doğrulanamadı.');
  }
  ctx.setHeader('content-type', 'text/plain; charset=utf-8');
  if (b.status !== 'success') return 'OK';
  if (link.merchant_oid === b.merchant_oid) return 'OK';
  const paid = new Decimal(b.total_amount).div(100);
  if (link.status === 'PAID') {
    // A second, different payment of the same link: recorded in the audit trail for a person to refund.
    ctx.audit({ action: 'pos.virtualPayment.extraPayment', entity: 'pos_virtual_payments', entityId: id, companyId, detail: { merchantOid: b.merchant_oid, amount: paid.toFixed(2) } });
    return 'OK';
  }
  const now = ctx.services.now();
  let entryId: number | null = null;
  let postError: string | null = null;
  try {
    const bank = await onlineAccount(ctx.services, db, companyId, row?.bank_account_id);
    if (!bank) throw new Problem(409, 'Online ödeme hesabı yok', { detail: LINK_TEXTS_TR.noBankAccount });
    const ledger = ctx.services.service<LedgerService>(LEDGER_SERVICE);
    // The current's own sub-account (made on its first use by the accounting plugin).
    const current = await ledger.currentAccount(db, companyId, Number(link.current_id));
    const posted = await ledger.post(db, companyId, {
      date: trDay(now), explanation: `Ödeme linki tahsilatı: ${link.description} (${b.merchant_oid})`.slice(0, 500),
      source: { kind: 'VIRTUAL_PAYMENT', id }, createdBy: link.created_by,
      lines: [
        { account: bank.accountCode, debit: paid.toFixed(2), explanation: 'Online ödeme' },
        { account: current, credit: paid.toFixed(2), explanation: link.description },
      ],
    });
    entryId = posted.id;
  } catch (e) {
    if (!(e instanceof Problem)) throw e;
    postError = (e as Problem & { detail?: string }).detail ?? e.message;
  }
  await db.updateTable('pos_virtual_payments').set({
    status: 'PAID', merchant_oid: b.merchant_oid, paid_amount: paid.toFixed(2), payment_type: b.payment_type ?? null, paid_at: now, entry_id: entryId, post_error: postError, updated_at: new Date(),
  }).where('company_id', '=', companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.virtualPayment.paid', entity: 'pos_virtual_payments', entityId: id, companyId, user: null, detail: { merchantOid: b.merchant_oid, amount: paid.toFixed(2), entryId, postError } });
  ctx.emit('pos.virtualPayment.paid', { id, companyId, currentId: Number(link.current_id), amount: paid.toFixed(2) });
  return 'OK';
};

async function settingsView(db: Db, companyId: number) {
  const r = await settingsOf(db, companyId);
  return {
    mode: r?.mode ?? 'sandbox', merchantId: r?.merchant_id ?? null, merchantKeySet: !!r?.merchant_key_enc, merchantSaltSet: !!r?.merchant_salt_enc,
    bankAccountId: r?.bank_account_id == null ? null : Number(r.bank_account_id), maxInstallment: r?.max_installment ?? 1,
  };
}

const getVirtualPaymentSettings: Handler = async (ctx) => settingsView(tables<LinksTables>(ctx) as unknown as Db, requireAuth(ctx).companyId);

const updateVirtualPaymentSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const companyId = auth.companyId;
  const db = tables<LinksTables>(ctx) as unknown as Db;
  const b = ctx.body as { mode?: 'sandbox' | 'live'; merchantId?: string | null; merchantKey?: string | null; merchantSalt?: string | null; bankAccountId?: number | null; maxInstallment?: number };
  if (b.bankAccountId != null) {
    const a = await directoryOf(ctx.services).bankAccount(db, companyId, b.bankAccountId);
    if (!a) throw problems.invalidField('bankAccountId', 'Banka hesabı bulunamadı.', 'BANK_ACCOUNT_NOT_FOUND');
    if (a.accountType !== 'ONLINE_PAYMENT') throw problems.invalidField('bankAccountId', 'Online ödeme türünde bir banka hesabı seçin.', 'NOT_ONLINE_PAYMENT_ACCOUNT');
  }
  const set: Record<string, unknown> = { mode: b.mode, merchant_id: b.merchantId === undefined ? undefined : (b.merchantId?.trim() || null), bank_account_id: b.bankAccountId, max_installment: b.maxInstallment };
  if (b.merchantKey) set.merchant_key_enc = sealSecret(ctx.services.secret, scope(companyId, 'merchant_key'), b.merchantKey);
  if (b.merchantSalt) set.merchant_salt_enc = sealSecret(ctx.services.secret, scope(companyId, 'merchant_salt'), b.merchantSalt);
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  const values = { ...set, updated_at: new Date() };
  await db.insertInto('pos_link_settings').values({ company_id: companyId, ...values } as any).onConflict((oc) => oc.column('company_id').doUpdateSet(values as any)).execute();
  const after = await settingsView(db, companyId);
  if (after.mode === 'live' && (!after.merchantId || !after.merchantKeySet || !after.merchantSaltSet)) {
    throw problems.invalidField('mode', 'Canlı ortam için mağaza no, mağaza parolası (key) ve gizli anahtar (salt) gerekli.', 'LIVE_NEEDS_CREDENTIALS');
  }
  ctx.audit({ action: 'pos.virtualPaymentSettings.updated', entity: 'pos_link_settings', entityId: companyId, detail: { fields: Object.keys(set).map((k) => k.replace(/_enc$/, '')) } });
  return after;
};

/**
 * The demo company's payment links: collected into its online-payment bank account (the
 * accounting demo's 'PayTR Online Tahsilat Hesabı', chosen in its settings), at the sandbox
 * payment page with the company's default sandbox merchant.
 */
async function seedDemo(trx: Trx, demo: DemoTenant) {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const [account] = await directoryOf(demo).bankAccounts(trx, companyId, { type: 'ONLINE_PAYMENT' });
  if (!account) return;
  await (trx as unknown as Db).insertInto('pos_link_settings').values({ company_id: companyId, mode: 'sandbox', bank_account_id: account.id, updated_at: new Date() } as any)
    .onConflict((oc) => oc.column('company_id').doNothing()).execute();
}

export const area: PosArea = {
  seedDemo,
  handlers: {
    createVirtualPaymentLink: (ctx) => createLink(ctx),
    createVirtualPayment: (ctx) => createLink(ctx),
    listVirtualPayments, getVirtualPayment, updateVirtualPayment, deleteVirtualPayment, virtualPaymentCallback,
    getVirtualPaymentSettings, updateVirtualPaymentSettings,
  },
  async sandbox(app) { await linksSandbox(app); },
};
