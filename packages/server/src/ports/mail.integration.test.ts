import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';
import { eventually } from '../../test/restartable';

/** With SMTP configured, mail leaves through a real SMTP conversation (nodemailer) after the commit. */
describe('mail over SMTP', () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let t: TestServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => { data += c.toString('utf8'); });
        stream.on('end', () => { received.push({ to: session.envelope.rcptTo.map((r) => r.address), data }); done(); });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestServer({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', MAIL_FROM: 'Tezgah <no-reply@tezgah.test>' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset mail and marks it sent in the outbox', async () => {
    const api = http(t.url);
    const r = await api.call('POST', '/api/account/reset-password/init', { body: { login: 'eczaci', email: 'eczaci@demo.tezgah.local' } });
    expect(r.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['eczaci@demo.tezgah.local']);
    // Bodies travel quoted-printable: undo soft line breaks and the encoded '='.
    const body = received[0]!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/reset\/finish\?key=[0-9a-f]{40}/);
    expect(received[0]!.data).toMatch(/^From: Tezgah <no-reply@tezgah\.test>/m);
    // The outbox marks it sent once the SMTP server has answered, a moment after the mail arrived.
    const row = await eventually(async () => {
      const r = await t.server.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'eczaci@demo.tezgah.local').executeTakeFirstOrThrow();
      return r.sent_at || r.error ? r : null;
    }, 20_000, 'the outbox row to be settled');
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });
});
