import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DocumentType } from './types';

/**
 * The sandbox's small GİB world in the database (migration 20261126100000-edocument-sandbox):
 * registered users and their aliases, integrator sessions, the documents sent, the switches.
 * Global tables, reached with `sql` (they are not in the kernel's typed schema).
 */

// ---------------------------------------------------------------------------------- switches

export interface Switches {
  /** The next n sends are stored, but answered only after `timeoutDelayMs` (the client gives up not knowing). */
  timeoutSends: number;
  /** The next n sends are answered after `timeoutDelayMs` and NOT stored. */
  timeoutBeforeStore: number;
  timeoutDelayMs: number;
  /** The next n calls (any operation, Login included) answer HTTP 500. */
  fail5xx: number;
  /** The next n sends are refused with ERROR_CODE 10003 (schematron), not stored. */
  schematronReject: number;
  /** The next n e-Fatura / e-İrsaliye sends are stored but end in FAILURE at GİB (136, GİB 1150). */
  gibFailure: number;
  /** A document stays in GİB processing this many seconds after its send, then ends (1300). */
  acceptAfterSeconds: number;
  /** Answers every TICARIFATURA sent from now on for its buyer; null: the buyer answers itself. */
  buyerAnswer: 'KABUL' | 'RED' | null;
  /** Every SOAP call answers HTTP 503. */
  unreachable: boolean;
}

export const DEFAULT_SWITCHES: Switches = {
  timeoutSends: 0,
  timeoutBeforeStore: 0,
  timeoutDelayMs: 3000,
  fail5xx: 0,
  schematronReject: 0,
  gibFailure: 0,
  acceptAfterSeconds: 0,
  buyerAnswer: null,
  unreachable: false,
};

export type CountedSwitch = 'timeoutSends' | 'timeoutBeforeStore' | 'fail5xx' | 'schematronReject' | 'gibFailure';
const COUNTED: readonly CountedSwitch[] = ['timeoutSends', 'timeoutBeforeStore', 'fail5xx', 'schematronReject', 'gibFailure'];

/** Checks a (partial) switches object; returns the problems in Turkish, or the clean patch. */
export function checkSwitches(input: unknown): { patch: Partial<Switches> } | { errors: string[] } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { errors: ['Gövde bir JSON nesnesi olmalı.'] };
  const errors: string[] = [];
  const patch: Partial<Switches> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if ((COUNTED as readonly string[]).includes(k) || k === 'timeoutDelayMs' || k === 'acceptAfterSeconds') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 86_400_000) errors.push(`${k} sıfır ya da pozitif bir tam sayı olmalı.`);
      else (patch as Record<string, number>)[k] = v;
    } else if (k === 'buyerAnswer') {
      if (v !== null && v !== 'KABUL' && v !== 'RED') errors.push('buyerAnswer KABUL, RED ya da null olmalı.');
      else patch.buyerAnswer = v;
    } else if (k === 'unreachable') {
      if (typeof v !== 'boolean') errors.push('unreachable true ya da false olmalı.');
      else patch.unreachable = v;
    } else {
      errors.push(`Bilinmeyen anahtar: ${k}`);
    }
  }
  return errors.length ? { errors } : { patch };
}

export async function readSwitches(db: Kysely<any>): Promise<Switches> {
  const r = await sql<{ data: unknown }>`select data from edoc_sandbox_switches where id = 1`.execute(db);
  const raw = r.rows[0]?.data;
  const data = (typeof raw === 'string' ? JSON.parse(raw) : raw ?? {}) as Partial<Switches>;
  return { ...DEFAULT_SWITCHES, ...data };
}

/** Sets some switches (the others keep their values); returns them all. */
export async function setSandboxSwitches(db: Kysely<any>, patch: Partial<Switches>): Promise<Switches> {
  await sql`insert into edoc_sandbox_switches (id, data) values (1, ${JSON.stringify(patch)}::jsonb)
            on conflict (id) do update set data = edoc_sandbox_switches.data || excluded.data`.execute(db);
  return readSwitches(db);
}

export async function resetSandboxSwitches(db: Kysely<any>): Promise<Switches> {
  await sql`update edoc_sandbox_switches set data = '{}'::jsonb where id = 1`.execute(db);
  return readSwitches(db);
}

/** Uses one count of a counted switch: true when it was set (and is now one less). Atomic. */
export async function takeSwitch(db: Kysely<any>, name: CountedSwitch): Promise<boolean> {
  const r = await sql<{ id: number }>`
    update edoc_sandbox_switches
       set data = jsonb_set(data, array[${name}]::text[], to_jsonb((data ->> ${name})::int - 1))
     where id = 1 and coalesce((data ->> ${name})::int, 0) > 0
    returning id`.execute(db);
  return r.rows.length > 0;
}

// ------------------------------------------------------------------------------------- users

export interface SandboxAlias { unit: 'GB' | 'PK'; alias: string; documentType: DocumentType }

/** The aliases a Tezgah company gets when none are named: GB and PK, for e-Fatura and e-İrsaliye. */
export function defaultAliases(identifier: string): SandboxAlias[] {
  const out: SandboxAlias[] = [];
  for (const documentType of ['INVOICE', 'DESPATCHADVICE'] as const) {
    for (const unit of ['GB', 'PK'] as const) out.push({ unit, documentType, alias: `urn:mail:default${unit.toLowerCase()}@${identifier}.tezgah.test` });
  }
  return out;
}

/**
 * Registers (or updates) a GİB user in the sandbox's world with its aliases (default: GB and PK for
 * e-Fatura and e-İrsaliye, see defaultAliases). Idempotent: a second call updates the title, adds
 * aliases not there yet and brings back deleted ones. The demo seed and the tests use it.
 */
export async function registerSandboxUser(
  db: Kysely<any>,
  user: { identifier: string; title: string; type?: 'OZEL' | 'KAMU'; aliases?: SandboxAlias[] },
  now: Date = new Date(),
): Promise<void> {
  if (!/^[0-9]{10,11}$/.test(user.identifier)) throw new RangeError(`VKN/TCKN 10 ya da 11 haneli olmalı: ${user.identifier}`);
  if (!user.title.trim()) throw new RangeError('Unvan boş olamaz.');
  const aliases = user.aliases?.length ? user.aliases : defaultAliases(user.identifier);
  await sql`insert into edoc_sandbox_users (identifier, title, type, registered_at)
            values (${user.identifier}, ${user.title.trim()}, ${user.type ?? 'OZEL'}, ${now})
            on conflict (identifier) do update set title = excluded.title, type = excluded.type`.execute(db);
  for (const a of aliases) {
    await sql`insert into edoc_sandbox_aliases (identifier, document_type, unit, alias, created_at)
              values (${user.identifier}, ${a.documentType}, ${a.unit}, ${a.alias}, ${now})
              on conflict (identifier, document_type, unit, alias) do update set deleted_at = null`.execute(db);
  }
}

/** Marks an alias deleted at GİB (for tests of the user list's changes). */
export async function deleteSandboxAlias(db: Kysely<any>, identifier: string, alias: string, now: Date = new Date()): Promise<void> {
  await sql`update edoc_sandbox_aliases set deleted_at = ${now} where identifier = ${identifier} and alias = ${alias} and deleted_at is null`.execute(db);
}

export interface AliasRow {
  identifier: string;
  title: string;
  type: 'OZEL' | 'KAMU';
  registered_at: Date;
  document_type: DocumentType;
  unit: 'GB' | 'PK';
  alias: string;
  created_at: Date;
  deleted_at: Date | null;
}

/** Aliases, with their users, filtered as asked; deleted ones only when `includeDeleted`. */
export async function aliasesOf(db: Kysely<any>, q: { identifier?: string; documentType?: DocumentType | null; unit?: 'GB' | 'PK' | null; includeDeleted?: boolean }): Promise<AliasRow[]> {
  const r = await sql<AliasRow>`
    select u.identifier, u.title, u.type, u.registered_at, a.document_type, a.unit, a.alias, a.created_at, a.deleted_at
      from edoc_sandbox_aliases a join edoc_sandbox_users u on u.identifier = a.identifier
     where (${q.identifier ?? null}::text is null or u.identifier = ${q.identifier ?? null})
       and (${q.documentType ?? null}::text is null or a.document_type = ${q.documentType ?? null})
       and (${q.unit ?? null}::text is null or a.unit = ${q.unit ?? null})
       and (${q.includeDeleted ?? false} or a.deleted_at is null)
     order by u.identifier, a.document_type, a.unit, a.alias`.execute(db);
  return r.rows.map((x) => ({ ...x, registered_at: new Date(x.registered_at), created_at: new Date(x.created_at), deleted_at: x.deleted_at ? new Date(x.deleted_at) : null }));
}

// ---------------------------------------------------------------------------------- sessions

export const SESSION_HOURS = 8;

export async function openSession(db: Kysely<any>, username: string, now: Date): Promise<string> {
  const id = randomUUID();
  // Sessions expired a day ago are of no use to anyone: the table does not grow with every sign-in.
  await sql`delete from edoc_sandbox_sessions where expires_at < ${new Date(now.getTime() - 86_400_000)}`.execute(db);
  await sql`insert into edoc_sandbox_sessions (session_id, username, created_at, expires_at)
            values (${id}, ${username}, ${now}, ${new Date(now.getTime() + SESSION_HOURS * 3_600_000)})`.execute(db);
  return id;
}

/** The session's user (its VKN), or null when there is no such live session. */
export async function sessionUser(db: Kysely<any>, id: string | null, now: Date): Promise<string | null> {
  if (!id || id === '-1') return null;
  const r = await sql<{ username: string }>`select username from edoc_sandbox_sessions where session_id = ${id} and expires_at > ${now}`.execute(db);
  return r.rows[0]?.username ?? null;
}

export async function closeSession(db: Kysely<any>, id: string): Promise<void> {
  await sql`delete from edoc_sandbox_sessions where session_id = ${id}`.execute(db);
}

// --------------------------------------------------------------------------------- documents

export type DocKind = 'INVOICE' | 'EARCHIVE' | 'DESPATCHADVICE';

export interface DocRow {
  uuid: string;
  kind: DocKind;
  doc_id: string;
  sender_vkn: string;
  sender_alias: string | null;
  sender_title: string | null;
  receiver_vkn: string | null;
  receiver_alias: string | null;
  receiver_title: string | null;
  profile: string | null;
  type_code: string | null;
  issue_date: string | null;
  payable: string | null;
  currency: string | null;
  xml: string;
  txn_id: string;
  envelope_id: string;
  created_at: Date;
  ready_at: Date;
  outcome: 'SUCCESS' | 'FAILURE';
  auto_answer: 'KABUL' | 'RED' | null;
  answer: 'KABUL' | 'RED' | null;
  answer_note: string | null;
  answered_at: Date | null;
  read_at: Date | null;
  earchive_type: string | null;
  email: string | null;
  cancelled_at: Date | null;
  cancel_date: string | null;
  cancel_total: string | null;
  cancel_note: string | null;
}

const DATES = ['created_at', 'ready_at', 'answered_at', 'read_at', 'cancelled_at'] as const;
function row(r: DocRow): DocRow {
  const out = { ...r };
  for (const k of DATES) if (out[k] !== null && out[k] !== undefined) (out as Record<string, unknown>)[k] = new Date(out[k] as Date);
  return out;
}

export type NewDoc = Omit<DocRow, 'answer' | 'answer_note' | 'answered_at' | 'read_at' | 'cancelled_at' | 'cancel_date' | 'cancel_total' | 'cancel_note'>;

/** Stores a document; replaces one of the same UUID only when `replace` (a resend after a failure). */
export async function storeDocument(db: Kysely<any>, d: NewDoc, replace: boolean): Promise<void> {
  if (replace) await sql`delete from edoc_sandbox_documents where uuid = ${d.uuid}`.execute(db);
  await sql`insert into edoc_sandbox_documents (uuid, kind, doc_id, sender_vkn, sender_alias, sender_title, receiver_vkn, receiver_alias, receiver_title,
              profile, type_code, issue_date, payable, currency, xml, txn_id, envelope_id, created_at, ready_at, outcome, auto_answer, earchive_type, email)
            values (${d.uuid}, ${d.kind}, ${d.doc_id}, ${d.sender_vkn}, ${d.sender_alias}, ${d.sender_title}, ${d.receiver_vkn}, ${d.receiver_alias}, ${d.receiver_title},
              ${d.profile}, ${d.type_code}, ${d.issue_date}, ${d.payable}, ${d.currency}, ${d.xml}, ${d.txn_id}, ${d.envelope_id}, ${d.created_at}, ${d.ready_at},
              ${d.outcome}, ${d.auto_answer}, ${d.earchive_type}, ${d.email})`.execute(db);
}

export async function documentByUuid(db: Kysely<any>, uuid: string): Promise<DocRow | null> {
  const r = await sql<DocRow>`select * from edoc_sandbox_documents where uuid = ${uuid.toLowerCase()}`.execute(db);
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** A sender's document of that number in the same numbering (e-Fatura and e-Arşiv share one, e-İrsaliye has its own). */
export async function documentBySenderId(db: Kysely<any>, senderVkn: string, docId: string, despatch: boolean): Promise<DocRow | null> {
  const r = await sql<DocRow>`select * from edoc_sandbox_documents where sender_vkn = ${senderVkn} and doc_id = ${docId}
                                and ((kind = 'DESPATCHADVICE') = ${despatch}) limit 1`.execute(db);
  return r.rows[0] ? row(r.rows[0]) : null;
}

/** Documents of one kind sent by (OUT) or to (IN) a VKN, oldest first. */
export async function documentsOf(db: Kysely<any>, q: { vkn: string; kind: DocKind; direction: 'IN' | 'OUT' }): Promise<DocRow[]> {
  const r = q.direction === 'IN'
    ? await sql<DocRow>`select * from edoc_sandbox_documents where receiver_vkn = ${q.vkn} and kind = ${q.kind} order by created_at, uuid`.execute(db)
    : await sql<DocRow>`select * from edoc_sandbox_documents where sender_vkn = ${q.vkn} and kind = ${q.kind} order by created_at, uuid`.execute(db);
  return r.rows.map(row);
}

/** For the control route: documents by UUID, or sent by / to a VKN (newest first, at most 100). */
export async function listDocuments(db: Kysely<any>, q: { uuid?: string | null; vkn?: string | null }): Promise<DocRow[]> {
  const r = await sql<DocRow>`select * from edoc_sandbox_documents
     where (${q.uuid?.toLowerCase() ?? null}::text is null or uuid = ${q.uuid?.toLowerCase() ?? null})
       and (${q.vkn ?? null}::text is null or sender_vkn = ${q.vkn ?? null} or receiver_vkn = ${q.vkn ?? null})
     order by created_at desc, uuid limit 100`.execute(db);
  return r.rows.map(row);
}

export async function setRead(db: Kysely<any>, uuids: string[], receiverVkn: string, kind: DocKind, read: Date | null): Promise<void> {
  for (const u of uuids) {
    await sql`update edoc_sandbox_documents set read_at = ${read} where uuid = ${u.toLowerCase()} and receiver_vkn = ${receiverVkn} and kind = ${kind}`.execute(db);
  }
}

/** Records the buyer's answer unless one is there already; false when it was. */
export async function recordAnswer(db: Kysely<any>, uuid: string, answer: 'KABUL' | 'RED', note: string | null, now: Date): Promise<boolean> {
  const r = await sql<{ uuid: string }>`update edoc_sandbox_documents set answer = ${answer}, answer_note = ${note}, answered_at = ${now}
                                         where uuid = ${uuid} and answer is null returning uuid`.execute(db);
  return r.rows.length > 0;
}

export async function recordCancel(db: Kysely<any>, uuid: string, c: { date: string | null; total: string | null; note: string | null }, now: Date): Promise<boolean> {
  const r = await sql<{ uuid: string }>`update edoc_sandbox_documents set cancelled_at = ${now}, cancel_date = ${c.date}, cancel_total = ${c.total}, cancel_note = ${c.note}
                                         where uuid = ${uuid} and cancelled_at is null returning uuid`.execute(db);
  return r.rows.length > 0;
}

export { randomUUID };
