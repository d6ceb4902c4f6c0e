import { createHash } from 'node:crypto';
import { Action, Module } from '@tezgah/core';
import { mayIn, problems, requireAuth, tables, uploadedFiles, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';

/**
 * A despatch's attachments (seeds 001 §5: POST despatch-attachment-lines/{companyId}/{despatchId}
 * multipart, field `files`; GET despatch-attachment-lines-by-despatch/{id}; DELETE
 * despatch-attachment-lines/{id}; and GET despatch-attachment-lines/{id} to download one).
 *
 * Stored safely: in the database, in the tenant's rows (RLS), in the upload's transaction (all
 * the files of a request or none). The kernel bounds each file (config.upload, 10 MB) and the
 * count of a request; a despatch holds at most MAX_PER_DESPATCH. A file's type is recognised from
 * its bytes — PDF, PNG, JPEG, WEBP, XLSX, XML, plain text or CSV — never from what the client
 * says; anything else (HTML, SVG, executables, archives) is refused. Its name is the client's
 * without any path, control or reserved character. A download is always `attachment` with the
 * recognised type and `nosniff`, so nothing uploaded runs in the browser.
 */

export const MAX_PER_DESPATCH = 20;
const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);

function must(ctx: RequestContext, action: number, words: string) {
  const auth = requireAuth(ctx);
  if (!mayIn(auth, Module.DESPATCH, action, auth.companyId)) throw problems.forbidden(`İrsaliye eklerini ${words} yetkiniz yok.`);
}

export interface Recognised { contentType: string; extension: string }

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Text that is valid UTF-8 without control characters other than tab, line feed and carriage return. */
function plainText(b: Buffer): string | null {
  let s: string;
  try { s = new TextDecoder('utf-8', { fatal: true }).decode(b); } catch { return null; }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s) ? null : s;
}

/** What a file is, from its bytes (and, between text and CSV, its name); null when it is none of the kinds kept. */
export function recognise(data: Buffer, fileName: string): Recognised | null {
  if (startsWith(data, ascii('%PDF-'))) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip: kept only as an Excel workbook (its parts name xl/workbook.xml and [Content_Types].xml).
    const names = data.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('xl/workbook.xml')) {
      return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
    }
    return null;
  }
  const s = plainText(data);
  if (s === null) return null;
  const head = s.replace(/^\uFEFF/, '').trimStart().slice(0, 512).toLowerCase();
  if (head.startsWith('<')) {
    // Markup a browser would run (HTML, SVG) is refused; other XML (UBL-TR, a carrier's file) is kept.
    if (/<(!doctype\s+html|html|svg|script|body|head|iframe)\b/.test(head) || /<svg\b|<html\b|<script\b/.test(s.slice(0, 65536).toLowerCase())) return null;
    if (head.startsWith('<?xml') || /^<[a-z_][\w.:-]*[\s>/]/.test(head)) return { contentType: 'application/xml', extension: 'xml' };
    return null;
  }
  if (/\.csv$/i.test(fileName.trim())) return { contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  return { contentType: 'text/plain; charset=utf-8', extension: 'txt' };
}

/** The client's name, without folders, control or reserved characters, at most 200 characters, ending in the recognised extension. */
export function safeFileName(raw: string, extension: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const stem = base.replace(/\.[^.]{1,8}$/, '').trim() || 'ek';
  return `${stem.slice(0, 190)}.${extension}`;
}

const view = (a: { id: number; despatch_id: number; file_name: string; content_type: string; size: number; created_by: string | null; created_at: Date }) => ({
  id: a.id, despatchId: a.despatch_id, fileName: a.file_name, contentType: a.content_type, size: a.size, createdBy: a.created_by,
  createdDate: new Date(a.created_at).toISOString(),
});

async function listOf(d: LedgerDb, companyId: number, despatchId: number) {
  const rows = await d.selectFrom('despatch_attachments').select(['id', 'despatch_id', 'file_name', 'content_type', 'size', 'created_by', 'created_at'])
    .where('company_id', '=', companyId).where('despatch_id', '=', despatchId).orderBy('id').execute();
  return rows.map(view);
}

async function despatchOf(d: LedgerDb, companyId: number, id: number, lock = false) {
  let q = d.selectFrom('despatches').select(['id', 'status']).where('company_id', '=', companyId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) throw problems.notFound('İrsaliye');
  return r;
}

const uploadDespatchAttachments: Handler = async (ctx) => {
  must(ctx, Action.UPDATE, 'ekleme');
  const auth = requireAuth(ctx);
  const { companyId, despatchId } = ctx.params as { companyId: number; despatchId: number };
  // Another company's despatch is not found, as everywhere (its id in the path names nothing here).
  if (companyId !== auth.companyId) throw problems.notFound('İrsaliye');
  const d = db(ctx);
  await despatchOf(d, auth.companyId, despatchId, true);
  const files = uploadedFiles(ctx);
  const have = Number((await d.selectFrom('despatch_attachments').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', auth.companyId).where('despatch_id', '=', despatchId).executeTakeFirstOrThrow()).n);
  if (have + files.length > MAX_PER_DESPATCH) {
    throw problems.invalidField('files', `Bir irsaliyeye en fazla ${MAX_PER_DESPATCH} dosya eklenebilir (şu an ${have}).`, 'TOO_MANY_FILES');
  }
  const rows = files.map((f, i) => {
    if (!f.data.length) throw problems.invalidField(`files.${i}`, `${f.fileName || 'Dosya'} boş.`, 'EMPTY_FILE');
    const kind = recognise(f.data, f.fileName);
    if (!kind) {
      throw problems.invalidField(`files.${i}`, `${f.fileName || 'Dosya'} eklenemez: PDF, PNG, JPEG, WEBP, XML, TXT, CSV ya da XLSX olmalı.`, 'UNSUPPORTED_FILE');
    }
    return {
      company_id: auth.companyId, despatch_id: despatchId, file_name: safeFileName(f.fileName, kind.extension), content_type: kind.contentType,
      size: f.data.length, sha256: createHash('sha256').update(f.data).digest('hex'), content: f.data, created_by: auth.login,
    };
  });
  await d.insertInto('despatch_attachments').values(rows).execute();
  ctx.audit({ action: 'accounting.despatch.attached', entity: 'despatch', entityId: despatchId, detail: { files: rows.map((r) => ({ name: r.file_name, size: r.size, sha256: r.sha256 })) } });
  ctx.setStatus(201);
  return listOf(d, auth.companyId, despatchId);
};

const listDespatchAttachments: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  await despatchOf(db(ctx), auth.companyId, id);
  return listOf(db(ctx), auth.companyId, id);
};

const getDespatchAttachment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const a = await db(ctx).selectFrom('despatch_attachments').select(['file_name', 'content_type', 'content'])
    .where('company_id', '=', auth.companyId).where('id', '=', (ctx.params as { id: number }).id).executeTakeFirst();
  if (!a) throw problems.notFound('Ek');
  ctx.setHeader('content-type', a.content_type);
  // RFC 6266: an ASCII fallback and the UTF-8 name.
  const fallback = a.file_name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'ek';
  ctx.setHeader('content-disposition', `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(a.file_name)}`);
  ctx.setHeader('cache-control', 'no-store');
  ctx.setHeader('x-content-type-options', 'nosniff');
  return Buffer.from(a.content);
};

const deleteDespatchAttachment: Handler = async (ctx) => {
  must(ctx, Action.UPDATE, 'silme');
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const r = await db(ctx).deleteFrom('despatch_attachments').where('company_id', '=', auth.companyId).where('id', '=', id)
    .returning(['despatch_id', 'file_name']).executeTakeFirst();
  if (!r) throw problems.notFound('Ek');
  ctx.audit({ action: 'accounting.despatch.detached', entity: 'despatch', entityId: r.despatch_id, detail: { name: r.file_name } });
  ctx.setStatus(204);
  return null;
};

export const attachmentHandlers: Record<string, Handler> = { uploadDespatchAttachments, listDespatchAttachments, getDespatchAttachment, deleteDespatchAttachment };
