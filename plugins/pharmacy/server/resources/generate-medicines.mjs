#!/usr/bin/env node
// The medicine list (pharmacy_medicines) from the public lists of TİTCK and SGK (SOURCES.md).
//
//   node plugins/pharmacy/server/resources/generate-medicines.mjs --from <dir of the ilac CSVs>
//       merges the five source CSVs into resources/medicines.csv.gz (one row per barcode, only the
//       columns we keep), then writes the migration;
//   node plugins/pharmacy/server/resources/generate-medicines.mjs [--check]
//       writes ../migrations/20261127000410-pharmacy-medicines-data.sql from medicines.csv.gz
//       (--check: exits 1 when the committed migration differs; the area's test does the same).
//
// The generated migration is committed and never edited by hand; migrations are forward-only, so
// a newer list is a new migration (upserting by barcode) generated the same way.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
export const DATA = join(here, 'medicines.csv.gz');
export const OUT = join(here, '..', 'migrations', '20261127000410-pharmacy-medicines-data.sql');

export const COLUMNS = [
  'barcode', 'name', 'atc_code', 'atc_name', 'substance', 'firm', 'color', 'skrs_status', 'active', 'sgk_public_no',
  'equivalent_group', 'therapy_group', 'discount_status', 'special_discount', 'pharmacist_discount', 'reference_price_eur',
  'licence_no', 'licence_date', 'suspended', 'old_barcodes', 'skrs_date', 'ek4a_entry_date', 'ek4a_passive_date', 'sources',
];

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. Rows as objects by header. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const csvField = (v) => (v === null || v === undefined ? '' : /[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const clean = (s) => { const t = (s ?? '').replace(/\s+/g, ' ').trim(); return t === 'NULL' ? '' : t; };
const nameKey = (s) => clean(s).toLocaleUpperCase('tr-TR');
const COLORS = { normal: 'NORMAL', 'kırmızı': 'RED', 'yeşil': 'GREEN', mor: 'PURPLE', turuncu: 'ORANGE' };
const isoDay = (s) => (/^\d{4}-\d{2}-\d{2}$/.test(clean(s)) ? clean(s) : '');

/** Merges the source lists (directory of the ilac CSVs) into rows of COLUMNS, sorted by barcode. */
export function merge(dir) {
  const read = (f) => parseCsv(readFileSync(join(dir, f), 'utf8'));
  const byBarcode = new Map();
  const row = (barcode) => {
    let r = byBarcode.get(barcode);
    if (!r) { r = Object.fromEntries(COLUMNS.map((c) => [c, ''])); r.barcode = barcode; r.sources = []; byBarcode.set(barcode, r); }
    return r;
  };
  const okBarcode = (b) => /^\d{8,14}$/.test(clean(b));
  let dropped = 0;
  for (const [file, status, dateCol] of [['skrs_erecete_aktif.csv', 'ACTIVE', 'aktif_listeye_alinma_tarihi'], ['skrs_erecete_pasif.csv', 'PASSIVE', 'pasif_listeye_alinma_tarihi']]) {
    for (const s of read(file)) {
      if (!okBarcode(s.barkod)) { dropped++; continue; }
      const r = row(clean(s.barkod));
      r.name = clean(s.ilac_adi); r.atc_code = clean(s.atc_kodu); r.atc_name = clean(s.atc_adi); r.firm = clean(s.firma_adi);
      r.color = COLORS[clean(s.recete_turu).toLocaleLowerCase('tr-TR')] ?? '';
      r.skrs_status = status; r.active = status === 'ACTIVE' ? 't' : 'f'; r.skrs_date = isoDay(s[dateCol]);
      r.sources.push(status === 'ACTIVE' ? 'SKRS_ACTIVE' : 'SKRS_PASSIVE');
    }
  }
  for (const e of read('sgk_ek4a_bedeli_odenecek_ilaclar.csv')) {
    if (!okBarcode(e.barkod)) { dropped++; continue; }
    const r = row(clean(e.barkod));
    if (!r.name) r.name = clean(e.ilac_adi);
    if (!r.active) r.active = e.pasiflenme_tarihi ? 'f' : 't';
    r.sgk_public_no = clean(e.sgk_kamu_no); r.equivalent_group = clean(e.esdeger_grup); r.therapy_group = clean(e.tedavi_grubu);
    r.discount_status = clean(e.iskonto_durumu); r.special_discount = clean(e.ozel_iskonto).replace(',', '.');
    if (r.special_discount && !/^\d+(\.\d+)?$/.test(r.special_discount)) r.special_discount = '';
    r.pharmacist_discount = clean(e.eczaci_indirim);
    r.old_barcodes = clean(e.eski_barkodlar).split(/[;,| ]+/).filter(okBarcode).join(' ');
    r.ek4a_entry_date = isoDay(e.listeye_giris_tarihi); r.ek4a_passive_date = isoDay(e.pasiflenme_tarihi);
    r.sources.push('SGK_EK4A');
  }
  // The licensed-products list only enriches medicines the prescription lists know (its other
  // products are licensed but not dispensed on a prescription).
  for (const t of read('titck_ruhsatli_urunler.csv')) {
    const r = byBarcode.get(clean(t.barkod));
    if (!r) continue;
    r.substance = clean(t.etkin_madde);
    if (!r.atc_code) r.atc_code = clean(t.atc_kodu);
    if (!r.firm) r.firm = clean(t.ruhsat_sahibi);
    r.licence_no = clean(t.ruhsat_numarasi); r.licence_date = isoDay(t.ruhsat_tarihi);
    r.suspended = clean(t.askida_durumu) && clean(t.askida_durumu) !== '0' ? 't' : 'f';
    if (!r.sources.includes('TITCK_LICENSED')) r.sources.push('TITCK_LICENSED');
  }
  // The reference prices (€, GKF) carry no barcode: matched by the exact name (case and spaces aside).
  const byName = new Map();
  for (const r of byBarcode.values()) {
    const k = nameKey(r.name);
    if (!byName.has(k)) byName.set(k, []);
    byName.get(k).push(r);
  }
  let priced = 0;
  for (const p of read('titck_referans_fiyat_gkf_eur.csv')) {
    const price = clean(p.gercek_kaynak_fiyat_eur).replace(',', '.');
    if (!/^\d+(\.\d+)?$/.test(price)) continue;
    for (const r of byName.get(nameKey(p.ilac_adi)) ?? []) { r.reference_price_eur = price; r.sources.push('TITCK_GKF'); priced++; }
  }
  const rows = [...byBarcode.values()].filter((r) => r.name).sort((a, b) => a.barcode.localeCompare(b.barcode));
  for (const r of rows) { r.sources = r.sources.join(' '); if (!r.active) r.active = 'f'; }
  return { rows, dropped, priced };
}

export function writeData(rows) {
  const text = [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => csvField(r[c])).join(','))].join('\n') + '\n';
  writeFileSync(DATA, gzipSync(Buffer.from(text, 'utf8'), { level: 9, mtime: 0 }));
}

export function readData() {
  return parseCsv(gunzipSync(readFileSync(DATA)).toString('utf8'));
}

const q = (v) => (v === '' || v === null || v === undefined ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
const arr = (v) => (v ? `'{${v.split(' ').join(',')}}'` : `'{}'`);
const bool = (v) => (v === 't' ? 'true' : v === 'f' ? 'false' : 'NULL');
const num = (v) => (v === '' ? 'NULL' : v);

/** The data migration: multi-row INSERTs of 1000 rows, and the lists' dates. */
export function generate(rows = readData()) {
  const maxOf = (col) => rows.reduce((m, r) => (r[col] > m ? r[col] : m), '');
  const out = [
    '-- GENERATED by plugins/pharmacy/server/resources/generate-medicines.mjs from resources/medicines.csv.gz',
    '-- (the TİTCK and SGK public lists, resources/SOURCES.md). Do not edit by hand.',
    `-- ${rows.length} medicines.`,
  ];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(`INSERT INTO pharmacy_medicines (${COLUMNS.join(', ')}) VALUES`);
    const chunk = rows.slice(i, i + 1000).map((r) => `  (${[
      q(r.barcode), q(r.name), q(r.atc_code), q(r.atc_name), q(r.substance), q(r.firm), q(r.color), q(r.skrs_status), bool(r.active), q(r.sgk_public_no),
      q(r.equivalent_group), q(r.therapy_group), q(r.discount_status), num(r.special_discount), q(r.pharmacist_discount), num(r.reference_price_eur),
      q(r.licence_no), q(r.licence_date), bool(r.suspended), arr(r.old_barcodes), q(r.skrs_date), q(r.ek4a_entry_date), q(r.ek4a_passive_date), arr(r.sources),
    ].join(', ')})`);
    out.push(chunk.join(',\n') + ';');
  }
  const count = (src) => rows.filter((r) => r.sources.split(' ').includes(src)).length;
  out.push('INSERT INTO pharmacy_medicine_lists (list, title, list_date, rows) VALUES');
  out.push([
    `  ('SKRS', 'TİTCK SKRS E-Reçete İlaç Listesi (aktif ve pasif ürünler)', ${q(maxOf('skrs_date'))}, ${count('SKRS_ACTIVE') + count('SKRS_PASSIVE')})`,
    `  ('SGK_EK4A', 'SGK EK-4/A Bedeli Ödenecek İlaçlar Listesi', '2026-08-18', ${count('SGK_EK4A')})`,
    `  ('TITCK_LICENSED', 'TİTCK Ruhsatlı Beşeri Tıbbi Ürünler Listesi (İRD-LST-15)', NULL, ${count('TITCK_LICENSED')})`,
    `  ('TITCK_GKF', 'TİTCK Referans Bazlı İlaç Fiyat Listesi (AİK-LST-11), GKF €', '2025-01-30', ${count('TITCK_GKF')})`,
  ].join(',\n') + ';');
  return out.join('\n') + '\n';
}

const args = process.argv.slice(2);
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const from = args.indexOf('--from');
  if (from >= 0) {
    const { rows, dropped, priced } = merge(args[from + 1]);
    writeData(rows);
    console.log(`${rows.length} medicines (${dropped} source rows without a usable barcode dropped, ${priced} reference prices matched by name)`);
  }
  const text = generate();
  if (args.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) { console.error(`${OUT} is not what ${DATA} gives`); process.exit(1); }
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
