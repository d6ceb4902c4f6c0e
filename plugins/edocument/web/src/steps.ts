import { EARCHIVE_CANCEL_DAYS, EDOC_STEP, PROFILE_TYPES, type InvoiceProfile } from '@tezgah/edocument-common';
import type { EDocument, EDocumentOptions, Profile, TypeCode, ValidationProblem } from './api';

/**
 * The check dialog's logic (seeds 001 §2, §4), kept apart from the screen: which step a document
 * is on, which actions it offers, where each problem is fixed, which scenarios and invoice types
 * go together, and when an e-Arşiv cancel needs the 7-day warning.
 */

export type Source = 'invoice' | 'despatch';

/** Step 0 (Kontrol) until checked, then the status's step. */
export function stepOf(doc: Pick<EDocument, 'status'> | null): 0 | 1 | 2 {
  return doc ? EDOC_STEP[doc.status] : 0;
}

export type DialogAction = 'check' | 'approve' | 'send' | 'resend' | 'refresh' | 'cancel' | 'edit';

/**
 * What a document offers: nothing checked yet → check; checked (CONTROL) → check again, approve
 * when it has no problem, take back to edit; approved (PREVIEW) → send, take back to edit; sending
 * → ask the integrator now; failed or unknown → resend; sent (SUCCESS) → cancel (an invoice: the
 * server says how, e.g. an e-Fatura by a return invoice; a sent e-İrsaliye cannot be withdrawn).
 */
export function actionsOf(doc: Pick<EDocument, 'status' | 'problems'> | null, source: Source): DialogAction[] {
  if (!doc) return ['check'];
  switch (doc.status) {
    case 'CONTROL': return (doc.problems ?? []).length === 0 ? ['approve', 'check', 'edit'] : ['check', 'edit'];
    case 'PREVIEW': return ['send', 'edit'];
    case 'SENDING': return ['refresh'];
    case 'FAILURE': case 'UNKNOWN': return ['resend', 'refresh'];
    case 'SUCCESS': return source === 'invoice' ? ['cancel'] : [];
    default: return [];
  }
}

/** Taking a checked (CONTROL) or approved (PREVIEW) document back to edit asks first. */
export function editNeedsConfirm(doc: Pick<EDocument, 'status'> | null): boolean {
  return doc?.status === 'CONTROL' || doc?.status === 'PREVIEW';
}

/** Where a problem is fixed: the customer's card, the company settings, or a choice in the dialog. */
export type ProblemGroup = 'customer' | 'company' | 'receiverTag' | 'prefix' | 'email' | 'profile' | 'invoiceType' | 'document';
export const PROBLEM_GROUPS: readonly ProblemGroup[] = ['customer', 'company', 'receiverTag', 'prefix', 'email', 'profile', 'invoiceType', 'document'];

export function groupOf(p: Pick<ValidationProblem, 'field'>): ProblemGroup {
  const f = (p.field ?? '').trim();
  if (/^(customer|current|buyer|receiver)\./.test(f)) return 'customer';
  if (/^(company|supplier|seller|sender)\./.test(f)) return 'company';
  if (/^(receiverTag|senderTag)$/.test(f)) return 'receiverTag';
  if (/^(prefix|documentNo)$/.test(f)) return 'prefix';
  if (/^(email|receiverEmail)$/.test(f)) return 'email';
  if (/^(profile|scenarioType)$/.test(f)) return 'profile';
  if (/^(invoiceTypeCode|despatchTypeCode|type)$/.test(f)) return 'invoiceType';
  return 'document';
}

/** The problems by where they are fixed, in the groups' order; empty groups left out. */
export function groupProblems(problems: readonly ValidationProblem[]): [ProblemGroup, ValidationProblem[]][] {
  const by = new Map<ProblemGroup, ValidationProblem[]>();
  for (const p of problems) {
    const g = groupOf(p);
    by.set(g, [...(by.get(g) ?? []), p]);
  }
  return PROBLEM_GROUPS.filter((g) => by.has(g)).map((g) => [g, by.get(g)!]);
}

/** The scenarios (profiles) a document of a category may have. */
export function profilesFor(source: Source, category: EDocument['type'] | null): Profile[] {
  if (source === 'despatch' || category === 'EDESPATCH') return ['TEMELIRSALIYE'];
  if (category === 'EARCHIVE') return ['EARSIVFATURA'];
  return ['TEMELFATURA', 'TICARIFATURA', 'YOLCUBERABERFATURA', 'IHRACAT'];
}

/** The invoice types a scenario allows (PROFILE_TYPES); a despatch is SEVK. */
export function typesFor(profile: Profile | null | undefined): TypeCode[] {
  if (!profile) return [];
  if (profile === 'TEMELIRSALIYE') return ['SEVK'];
  return [...(PROFILE_TYPES[profile as InvoiceProfile] ?? [])];
}

/** The options the dialog starts with: the document's own values (null when none). */
export function optionsOf(doc: EDocument | null): EDocumentOptions {
  if (!doc) return {};
  const o: EDocumentOptions = {};
  const profile = (doc.profile ?? doc.scenarioType) as Profile | null;
  if (profile) o.profile = profile;
  if (doc.invoiceTypeCode) o.invoiceTypeCode = doc.invoiceTypeCode as TypeCode;
  if (doc.receiverTag) o.receiverTag = doc.receiverTag;
  if (doc.prefix) o.prefix = doc.prefix;
  if (doc.email) o.email = doc.email;
  // What was chosen before (an e-İrsaliye's carrier and driver among it).
  for (const [k, v] of Object.entries(doc.options ?? {})) if (v !== null && v !== undefined && !(k in o)) (o as Record<string, unknown>)[k] = v;
  return o;
}

/** A scenario change keeps the invoice type when allowed, else takes the scenario's first. */
export function withProfile(o: EDocumentOptions, profile: Profile): EDocumentOptions {
  const allowed = typesFor(profile);
  const keep = o.invoiceTypeCode && allowed.includes(o.invoiceTypeCode);
  return { ...o, profile, ...(keep ? {} : allowed[0] ? { invoiceTypeCode: allowed[0] } : {}) };
}

/** The options sent with CHECK or send: only the ones given (blank text left out). */
export function cleanOptions(o: EDocumentOptions): EDocumentOptions {
  const out: EDocumentOptions = {};
  for (const [k, v] of Object.entries(o) as [keyof EDocumentOptions, unknown][]) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    (out as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Days from a date (YYYY-MM-DD or ISO) to `now`, counted in whole days. */
export function daysSince(date: string, now: Date = new Date()): number {
  const d = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Math.floor((today - day) / 86_400_000);
}

/** An e-Arşiv invoice more than 7 days old: its cancel shows the law's warning and asks again. */
export function lateEArchiveCancel(doc: Pick<EDocument, 'type' | 'issueDate' | 'createdDate'>, now: Date = new Date()): boolean {
  if (doc.type !== 'EARCHIVE') return false;
  return daysSince(doc.issueDate ?? doc.createdDate, now) > EARCHIVE_CANCEL_DAYS;
}

/** The problem code of a refusal (409 EARCHIVE_CANCEL_LATE, EINVOICE_CANCEL_BY_RETURN ...). */
export function codeOf(e: unknown): string | undefined {
  const x = (e ?? {}) as { code?: unknown; problem?: { code?: unknown } };
  const c = x.code ?? x.problem?.code;
  return typeof c === 'string' ? c : undefined;
}

/** Polling interval of a SENDING document. */
export const POLL_MS = 2000;
