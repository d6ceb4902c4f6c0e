import { readSheet } from 'read-excel-file/node';
import { isValidEmail } from '@tezgah/core';
import { boundedXlsx, Problem, problems, requireAuth, uploadedFiles, type Handler } from '@tezgah/server';

/**
 * PUT /company-profiles-from-file (seeds 000 §7, 001 §7–§8): many companies' profiles from one
 * xlsx (multipart, field `file`; the first sheet). Row 1 names the columns, in any order, Turkish
 * or English (case and spaces ignored):
 *   id | Firma No          the company's id, or
 *   taxNumber | VKN/TCKN   its tax number (one company must have it; the id wins when both are given)
 *   title | Unvan, email | E-posta, phone | Telefon, erpType | ERP (STANDARD, MEDULA, ECZANEM),
 *   itsUsername | İTS Kullanıcı Adı
 * An empty cell leaves the field as it is. Each row stands alone: a row that names no company or
 * carries a bad value is skipped and listed with its row number; the others are saved. The answer
 * is `<updated>/<total> firma güncellendi.` (total: the data rows) with the skipped rows; the
 * workbench shows a result beginning with 0 before the slash as a failure. A file that is not a
 * readable xlsx, or has no id/tax number column or no profile column, is a 400 and changes nothing.
 */

type Field = 'id' | 'taxNumber' | 'title' | 'email' | 'phone' | 'erpType' | 'itsUsername';
const HEADERS: Record<string, Field> = {
  id: 'id', companyid: 'id', firmano: 'id', firmaid: 'id',
  taxnumber: 'taxNumber', vkn: 'taxNumber', tckn: 'taxNumber', 'vkn/tckn': 'taxNumber', vergino: 'taxNumber',
  title: 'title', unvan: 'title', 'ünvan': 'title',
  email: 'email', 'e-mail': 'email', 'e-posta': 'email', eposta: 'email',
  phone: 'phone', telefon: 'phone',
  erptype: 'erpType', erp: 'erpType', 'erptipi': 'erpType',
  itsusername: 'itsUsername', 'itskullanıcıadı': 'itsUsername', 'i̇tskullanıcıadı': 'itsUsername',
};
const ERP_TYPES = ['STANDARD', 'MEDULA', 'ECZANEM'];
export const MAX_PROFILE_ROWS = 5000;

const normal = (h: unknown) => String(h ?? '').toLocaleLowerCase('tr').replace(/\s+/g, '');
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).trim();
  return s === '' ? null : s;
};
const badFile = (detail: string, code: string) => problems.invalidField('file', detail, code);

export const companyProfilesFromFile: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const file = uploadedFiles(ctx).find((f) => f.fieldName === 'file');
  if (!file) throw problems.badRequest('Gönderilen dosya yok.', [{ field: 'file', message: 'Bir xlsx dosyası seçin.', code: 'REQUIRED' }]);
  // An xlsx is a zip (PK\3\4); anything else is refused before it is unpacked.
  if (file.data.length < 4 || file.data.readUInt32BE(0) !== 0x504b0304) throw badFile('Dosya bir Excel (xlsx) dosyası değil.', 'FILE_TYPE');
  let sheet: unknown[][];
  try {
    // Unzipped here within a bound first: a zip of a few MB can inflate to gigabytes.
    sheet = await readSheet(await boundedXlsx(file.data)) as unknown[][];
  } catch (e) {
    if (e instanceof Problem) throw e;
    throw badFile('Excel dosyası okunamadı.', 'FILE_UNREADABLE');
  }
  const [header = [], ...data] = sheet;
  const cols = new Map<Field, number>();
  header.forEach((h, i) => { const f = HEADERS[normal(h)]; if (f && !cols.has(f)) cols.set(f, i); });
  if (!cols.has('id') && !cols.has('taxNumber')) throw badFile('Dosyada firma numarası (id) ya da VKN/TCKN (taxNumber) sütunu yok.', 'FILE_COLUMNS');
  const fields = (['title', 'email', 'phone', 'erpType', 'itsUsername'] as const).filter((f) => cols.has(f));
  if (!fields.length) throw badFile('Dosyada güncellenecek sütun yok (title, email, phone, erpType, itsUsername).', 'FILE_COLUMNS');
  const rows = data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => text(c) !== null));
  if (!rows.length) throw badFile('Dosyada veri satırı yok.', 'FILE_EMPTY');
  if (rows.length > MAX_PROFILE_ROWS) throw badFile(`Bir dosyada en çok ${MAX_PROFILE_ROWS} satır olabilir.`, 'FILE_TOO_MANY_ROWS');

  const cell = (cells: unknown[], f: Field) => (cols.has(f) ? text(cells[cols.get(f)!]) : null);
  const errors: { row: number; message: string }[] = [];
  let updated = 0;
  for (const { row, cells } of rows) {
    const fail = (message: string) => { errors.push({ row, message }); };
    const idText = cell(cells, 'id');
    const tax = cell(cells, 'taxNumber');
    let companyId: number | null = null;
    if (idText !== null) {
      if (!/^[1-9][0-9]{0,15}$/.test(idText)) { fail(`Geçersiz firma numarası: ${idText.slice(0, 40)}`); continue; }
      const c = await ctx.trx.selectFrom('companies').select('id').where('id', '=', Number(idText)).executeTakeFirst();
      if (!c) { fail(`Firma bulunamadı: ${idText}`); continue; }
      companyId = Number(c.id);
    } else if (tax !== null) {
      if (!/^[0-9]{10,11}$/.test(tax)) { fail(`Geçersiz VKN/TCKN: ${tax.slice(0, 40)}`); continue; }
      const found = await ctx.trx.selectFrom('companies').select('id').where('tax_number', '=', tax).limit(2).execute();
      if (found.length !== 1) { fail(found.length ? `Bu VKN/TCKN ile birden çok firma var: ${tax}` : `Firma bulunamadı: ${tax}`); continue; }
      companyId = Number(found[0]!.id);
    } else { fail('Firma numarası ya da VKN/TCKN yok.'); continue; }

    const set: Record<string, unknown> = {};
    const title = cell(cells, 'title');
    const email = cell(cells, 'email');
    const phone = cell(cells, 'phone');
    const erp = cell(cells, 'erpType');
    const its = cell(cells, 'itsUsername');
    if (title !== null) { if (title.length > 250) { fail('Unvan en çok 250 karakter olabilir.'); continue; } set.title = title; }
    if (email !== null) { if (email.length > 254 || !isValidEmail(email)) { fail(`Wrong e-mail format: ${email.slice(0, 60)}`); continue; } set.email = email; }
    if (phone !== null) { if (phone.length > 20 || !/^[0-9 ()+-]*$/.test(phone)) { fail(`Geçersiz telefon: ${phone.slice(0, 40)}`); continue; } set.phone = phone; }
    if (erp !== null) { const e = erp.toUpperCase(); if (!ERP_TYPES.includes(e)) { fail(`Geçersiz ERP tipi: ${erp.slice(0, 40)} (${ERP_TYPES.join(', ')})`); continue; } set.erp_type = e; }
    if (its !== null) { if (its.length > 100) { fail('İTS kullanıcı adı en çok 100 karakter olabilir.'); continue; } set.its_username = its; }
    if (!Object.keys(set).length) { fail('Güncellenecek bilgi yok.'); continue; }
    await ctx.trx.updateTable('companies').set({ ...set, last_modified_by: auth.login, last_modified_date: ctx.services.now() } as never).where('id', '=', companyId).execute();
    updated++;
  }
  ctx.audit({ action: 'management.company-profiles.imported', entity: 'companies', detail: { file: file.fileName.slice(0, 200), total: rows.length, updated } });
  return { result: `${updated}/${rows.length} firma güncellendi.`, updated, total: rows.length, errors };
};
