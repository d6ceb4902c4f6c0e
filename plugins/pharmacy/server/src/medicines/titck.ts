import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { sql, type Kysely, type Transaction } from 'kysely';
import { boundedXlsx, Problem, problems } from '@tezgah/server';
import { cellText, csvDelimiter, decodeText, headerKey, isTitckBarcode, isZip, titckBarcode, titckColumns, type TitckCell, type TitckColumns, type TitckList } from '@tezgah/pharmacy-common';
import { list } from './index';

/**
 * The TİTCK list update: reads TİTCK's published list, xlsx (the first sheet) or csv,
 * either the licensed-products list (Ruhsatlı Beşeri Tıbbi Ürünler, İRD-LST-15: keyed by barcode)
 * or the reference price list (Referans Bazlı İlaç Fiyat Listesi, AİK-LST-11: GKF €, keyed by the
 * name, as it carries no barcode), tells them apart by their columns, and computes what would
 * change in the shared master. `applyChanges` writes them in a few set-based statements.
 *
 * What each list owns (so that applying the list the master was generated from changes nothing):
 * - licensed: the substance, licence number and date, suspension; the ATC code and firm only
 *   where the master has none; the name, ATC code and firm of rows only this list brought (NEW).
 *   A barcode of the master from this list (source TITCK_LICENSED) absent from the file, or
 *   marked passive in a status column, is WITHDRAWN: passive, withdrawn today, the source dropped.
 * - reference prices: referencePriceEur of the medicines whose name (case and spaces aside) is
 *   the row's; one of the master from this list (TITCK_GKF) whose name is gone loses the price.
 */

type Db = Kysely<any> | Transaction<any>;
type Cell = TitckCell;

export type ImportList = TitckList;
export type ChangeKind = 'NEW' | 'PRICE' | 'CHANGED' | 'WITHDRAWN';
export const KINDS: ChangeKind[] = ['NEW', 'PRICE', 'CHANGED', 'WITHDRAWN'];

export interface FieldChange { field: string; from: string | null; to: string | null }
export interface Change { kind: ChangeKind; barcode: string; name: string; changes: FieldChange[] }

/** The written state of a medicine (the columns an import owns). */
export interface Target {
  barcode: string; name: string; atc_code: string | null; substance: string | null; firm: string | null;
  licence_no: string | null; licence_date: string | null; suspended: boolean | null; active: boolean;
  withdrawn_at: string | null; sources: string[]; reference_price_eur: string | null;
}

export interface Plan {
  list: ImportList;
  rows: number;
  /** Medicines the master holds from this list before the import (those it may withdraw). */
  held: number;
  unmatched: number;
  skipped: { row: number; reason: string }[];
  changes: Change[];
  inserts: Target[];
  updates: Target[];
}

// --- reading the file ---------------------------------------------------------------------------

const clean = cellText;
const orNull = (s: string): string | null => (s === '' ? null : s);

export { headerKey };

/** A day as YYYY-MM-DD from an ISO text, a Turkish DD.MM.YYYY or an xlsx date; else null. */
export function day(c: Cell): string | null {
  const s = clean(c);
  const m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const iso = /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
  // Only a day that exists (TİTCK's list has typos such as 26.11.219 or impossible days).
  if (!iso || iso < '1900-01-01') return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A price as a decimal with 2 places from 1611.52, "1611,52", "1.611,52" or a number; else null. */
export function price(c: Cell): string | null {
  let s = typeof c === 'number' ? String(c) : clean(c).replace(/[€\s]/g, '');
  if (s.includes(',') && s.includes('.')) s = s.replace(/\./g, '').replace(',', '.');
  else if (s.includes(',')) s = s.replace(',', '.');
  if (!/^\d{1,13}(\.\d+)?$/.test(s)) return null;
  return new Decimal(s).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

const bad = (detail: string) => problems.invalidField('file', detail, 'BAD_FILE');

/** The cells of an uploaded xlsx (first sheet) or csv (UTF-8 or Windows-1254; ',', ';' or tab). */
export async function readCells(data: Buffer): Promise<Cell[][]> {
  if (!data.length) throw bad('Dosya boş.');
  if (isZip(data)) {
    try {
      // Unzipped here within a bound first: a zip of a few MB can inflate to gigabytes.
      return (await readSheet(await boundedXlsx(data))) as Cell[][];
    } catch (e) {
      if (e instanceof Problem) throw e;
      throw bad(`Dosya bir Excel (xlsx) dosyası olarak okunamadı: ${e instanceof Error ? e.message.slice(0, 200) : 'bozuk dosya'}.`);
    }
  }
  if (data.subarray(0, 4096).includes(0)) throw bad('Dosya okunamadı: TİTCK listesi xlsx ya da csv olmalı.');
  const text = decodeText(data);
  const delimiter = csvDelimiter(text);
  try {
    return parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    throw bad(`Dosya CSV olarak okunamadı: ${e instanceof Error ? e.message.slice(0, 200) : 'bozuk dosya'}.`);
  }
}

/** The header row, which list it is and its columns; a file that is neither list is refused. */
export function columnsOf(cells: Cell[][]): TitckColumns {
  const columns = titckColumns(cells);
  if (columns) return columns;
  throw bad('Dosya bir TİTCK listesi değil: ruhsatlı ürünler listesinde BARKOD ve ÜRÜN ADI, referans fiyat listesinde İLAÇ ADI ve GERÇEK KAYNAK FİYAT sütunları olmalı.');
}

// --- the plan -------------------------------------------------------------------------------------

interface Current extends Target { other: boolean }

const nameKey = (s: string) => clean(s).toLocaleUpperCase('tr-TR');
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function diff(from: Target, to: Target): FieldChange[] {
  const out: FieldChange[] = [];
  const fields: [keyof Target, string][] = [
    ['name', 'name'], ['atc_code', 'atcCode'], ['substance', 'substance'], ['firm', 'firm'], ['licence_no', 'licenceNo'], ['licence_date', 'licenceDate'],
    ['suspended', 'suspended'], ['active', 'active'], ['withdrawn_at', 'withdrawnAt'], ['reference_price_eur', 'referencePriceEur'],
  ];
  for (const [k, label] of fields) if (text(from[k]) !== text(to[k])) out.push({ field: label, from: text(from[k]), to: text(to[k]) });
  const fs = [...new Set(from.sources)].sort().join(',');
  const ts = [...new Set(to.sources)].sort().join(',');
  if (fs !== ts) out.push({ field: 'sources', from: fs, to: ts });
  return out;
}

async function current(db: Db): Promise<Map<string, Current>> {
  const r = await sql<{ barcode: string; name: string; atc_code: string | null; substance: string | null; firm: string | null; licence_no: string | null; licence_date: string | null;
    suspended: boolean | null; active: boolean; withdrawn_at: string | null; sources: string[] | string | null; reference_price_eur: string | null }>`
    select barcode, name, atc_code, substance, firm, licence_no, to_char(licence_date, 'YYYY-MM-DD') as licence_date, suspended, active,
           to_char(withdrawn_at, 'YYYY-MM-DD') as withdrawn_at, sources, reference_price_eur::text as reference_price_eur
      from pharmacy_medicines`.execute(db);
  return new Map(r.rows.map((m) => {
    const sources = list(m.sources);
    const own = { ...m, sources, reference_price_eur: m.reference_price_eur === null ? null : new Decimal(m.reference_price_eur).toFixed(2) };
    return [m.barcode, { ...own, other: sources.some((s) => s !== 'TITCK_LICENSED') }];
  }));
}

const without = (sources: string[], s: string) => sources.filter((x) => x !== s);
const withSource = (sources: string[], s: string) => (sources.includes(s) ? sources : [...sources, s]);
const PASSIVE = /^(pasif|passive|iptal|0)$/i;

/** What applying the file would change (nothing is written). `today` is the withdrawal day. */
export async function plan(db: Db, cells: Cell[][], today: string): Promise<Plan> {
  const { list: kind, header, col } = columnsOf(cells);
  const master = await current(db);
  const out: Plan = { list: kind, rows: 0, held: 0, unmatched: 0, skipped: [], changes: [], inserts: [], updates: [] };
  const skip = (row: number, reason: string) => { if (out.skipped.length < 100) out.skipped.push({ row, reason }); };
  const put = (kindOf: ChangeKind, from: Target | null, to: Target) => {
    const changes = from ? diff(from, to) : [];
    if (from && !changes.length) return;
    out.changes.push({ kind: kindOf, barcode: to.barcode, name: to.name, changes });
    (from ? out.updates : out.inserts).push(to);
  };
  const at = (row: Cell[], c: string) => (col[c] === undefined ? '' : clean(row[col[c]!]));
  const data = cells.slice(header + 1).map((cellsOfRow, i) => ({ row: header + 2 + i, cells: cellsOfRow ?? [] })).filter((r) => r.cells.some((c) => clean(c) !== ''));
  out.rows = data.length;
  for (const m of master.values()) if (m.sources.includes(kind)) out.held++;

  if (kind === 'TITCK_LICENSED') {
    const file = new Map<string, { name: string; atc: string | null; substance: string | null; firm: string | null; licenceNo: string | null; licenceDate: string | null; suspended: boolean; passive: boolean }>();
    for (const { row, cells: r } of data) {
      const barcode = col.barcode === undefined ? '' : titckBarcode(r[col.barcode]);
      const name = at(r, 'name');
      if (!isTitckBarcode(barcode)) { skip(row, `Geçersiz barkod: ${barcode.slice(0, 30) || '(boş)'}`); continue; }
      if (!name) { skip(row, 'Ürün adı boş.'); continue; }
      const susp = at(r, 'suspended');
      // Later rows of the same barcode win (as the master's generator reads the list).
      file.set(barcode, {
        name: name.slice(0, 300), atc: orNull(at(r, 'atc').toUpperCase()), substance: orNull(at(r, 'substance')), firm: orNull(at(r, 'firm')),
        licenceNo: orNull(at(r, 'licenceNo')), licenceDate: col.licenceDate === undefined ? null : day(r[col.licenceDate!]),
        suspended: susp !== '' && susp !== '0', passive: col.status !== undefined && PASSIVE.test(at(r, 'status')),
      });
    }
    for (const [barcode, f] of file) {
      const m = master.get(barcode);
      if (f.passive) continue;
      if (!m) {
        put('NEW', null, {
          barcode, name: f.name, atc_code: f.atc, substance: f.substance, firm: f.firm, licence_no: f.licenceNo, licence_date: f.licenceDate,
          suspended: f.suspended, active: !f.suspended, withdrawn_at: null, sources: ['TITCK_LICENSED'], reference_price_eur: null,
        });
        continue;
      }
      const to: Target = {
        ...m, substance: f.substance, licence_no: f.licenceNo, licence_date: f.licenceDate, suspended: f.suspended,
        sources: withSource(m.sources, 'TITCK_LICENSED'),
      };
      if (!m.other) {
        // Only this list knows it: its name, ATC code and firm are the list's, and it is active unless suspended.
        Object.assign(to, { name: f.name, atc_code: f.atc, firm: f.firm, active: !f.suspended, withdrawn_at: null });
      } else {
        if (!m.atc_code) to.atc_code = f.atc;
        if (!m.firm) to.firm = f.firm;
        if (m.withdrawn_at !== null && !m.sources.includes('TITCK_LICENSED')) Object.assign(to, { withdrawn_at: null, active: true });
      }
      put('CHANGED', m, to);
    }
    for (const m of master.values()) {
      if (!m.sources.includes('TITCK_LICENSED')) continue;
      const f = file.get(m.barcode);
      if (f && !f.passive) continue;
      put('WITHDRAWN', m, { ...m, active: false, withdrawn_at: m.withdrawn_at ?? today, sources: without(m.sources, 'TITCK_LICENSED') });
    }
  } else {
    const prices = new Map<string, string>();
    for (const { row, cells: r } of data) {
      const name = at(r, 'name');
      const p = col.price === undefined ? null : price(r[col.price!]);
      if (!name) { skip(row, 'İlaç adı boş.'); continue; }
      if (p === null) { skip(row, `Geçersiz fiyat: ${at(r, 'price').slice(0, 30) || '(boş)'}`); continue; }
      prices.set(nameKey(name), p);
    }
    const byName = new Map<string, Current[]>();
    for (const m of master.values()) {
      const k = nameKey(m.name);
      const l = byName.get(k);
      if (l) l.push(m); else byName.set(k, [m]);
    }
    for (const [k, p] of prices) {
      const ms = byName.get(k);
      if (!ms) { out.unmatched++; continue; }
      for (const m of ms) put('PRICE', m, { ...m, reference_price_eur: p, sources: withSource(m.sources, 'TITCK_GKF') });
    }
    for (const m of master.values()) {
      if (!m.sources.includes('TITCK_GKF') || prices.has(nameKey(m.name))) continue;
      put('WITHDRAWN', m, { ...m, reference_price_eur: null, sources: without(m.sources, 'TITCK_GKF') });
    }
  }
  return out;
}

const BATCH = 1000;

const json = (rows: Target[]) => JSON.stringify(rows.map((t) => ({ ...t, sources: `{${[...new Set(t.sources)].join(',')}}` })));

const RECORD = sql.raw(`x(barcode text, name text, atc_code text, substance text, firm text, licence_no text, licence_date date, suspended boolean, active boolean,
  withdrawn_at date, sources text, reference_price_eur numeric)`);

/** Writes a plan: inserts and updates in batches of set-based statements; the list's row count and date. */
export async function applyPlan(db: Db, p: Plan, login: string, today: string): Promise<void> {
  for (let i = 0; i < p.inserts.length; i += BATCH) {
    await sql`insert into pharmacy_medicines (barcode, name, atc_code, substance, firm, licence_no, licence_date, suspended, active, withdrawn_at, sources, reference_price_eur, updated_at, updated_by)
      select x.barcode, x.name, x.atc_code, x.substance, x.firm, x.licence_no, x.licence_date, x.suspended, x.active, x.withdrawn_at, x.sources::text[], x.reference_price_eur, now(), ${login}
        from jsonb_to_recordset(${json(p.inserts.slice(i, i + BATCH))}::jsonb) as ${RECORD}`.execute(db);
  }
  for (let i = 0; i < p.updates.length; i += BATCH) {
    await sql`update pharmacy_medicines m set name = x.name, atc_code = x.atc_code, substance = x.substance, firm = x.firm, licence_no = x.licence_no,
        licence_date = x.licence_date, suspended = x.suspended, active = x.active, withdrawn_at = x.withdrawn_at, sources = x.sources::text[],
        reference_price_eur = x.reference_price_eur, updated_at = now(), updated_by = ${login}
      from jsonb_to_recordset(${json(p.updates.slice(i, i + BATCH))}::jsonb) as ${RECORD} where m.barcode = x.barcode`.execute(db);
  }
  await sql`update pharmacy_medicine_lists set list_date = ${today}::date,
      rows = (select count(*) from pharmacy_medicines where ${p.list} = any (sources)) where list = ${p.list}`.execute(db);
}
