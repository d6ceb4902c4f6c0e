import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Trx } from '../db/database';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (kept base64 in the outbox's `attachments`). */
  attachments?: MailAttachment[];
}

export interface MailAttachment { filename: string; contentType: string; content: Buffer }

/**
 * Mail port. Every message is written to outbox_messages in the caller's transaction (so a mail
 * exists only if the change that caused it committed); a sender then delivers it over SMTP when
 * SMTP is configured. Without SMTP the outbox is the mailbox: tests and `tezgah` read it.
 */
export interface MailPort {
  enqueue(trx: Trx, msg: MailMessage): Promise<void>;
  /** Delivers queued mail (no-op without SMTP). Returns how many were sent. */
  flush(): Promise<number>;
}

export function createMail(db: Kysely<DB>, cfg: Config['mail']): MailPort {
  const transport = cfg.host
    ? nodemailer.createTransport({
        host: cfg.host,
        port: cfg.port,
        secure: cfg.secure,
        ...(cfg.user ? { auth: { user: cfg.user, pass: cfg.password ?? '' } } : {}),
      })
    : null;
  let flushing: Promise<number> | null = null;
  let pending = true; // whatever an earlier run left queued
  const flushOnce = async () => {
    if (!transport) return 0;
    const pending = await db.selectFrom('outbox_messages').selectAll()
      .where('channel', '=', 'MAIL').where('sent_at', 'is', null).where('error', 'is', null)
      .orderBy('id').limit(50).execute();
    let sent = 0;
    for (const m of pending) {
      try {
        const files = (m.attachments ?? []) as { filename: string; contentType: string; content: string }[];
        await transport.sendMail({
          from: cfg.from, to: m.recipient, subject: m.subject ?? '', text: m.body,
          ...(files.length ? { attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: Buffer.from(f.content, 'base64') })) } : {}),
        });
        await db.updateTable('outbox_messages').set({ sent_at: new Date() }).where('id', '=', m.id).execute();
        sent++;
      } catch (e) {
        await db.updateTable('outbox_messages').set({ error: String((e as Error).message).slice(0, 500) }).where('id', '=', m.id).execute();
      }
    }
    return sent;
  };
  return {
    async enqueue(trx, msg) {
      await trx.insertInto('outbox_messages').values({
        channel: 'MAIL', recipient: msg.to, subject: msg.subject, body: msg.text,
        ...(msg.attachments?.length ? { attachments: JSON.stringify(msg.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') }))) } : {}),
      }).execute();
      pending = true;
    },
    flush() {
      if (!transport || !pending) return Promise.resolve(0);
      pending = false;
      flushing ??= flushOnce().finally(() => { flushing = null; });
      return flushing;
    },
  };
}
