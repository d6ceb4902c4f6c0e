import type { Trx } from '../db/database';

/** SMS port. The sandbox adapter (the only one until a provider is chosen) records messages in
 * outbox_messages with channel SMS, where tests, management and the CLI read them. */
export interface SmsPort {
  send(trx: Trx, phone: string, text: string): Promise<void>;
}

export function sandboxSms(): SmsPort {
  return {
    async send(trx, phone, text) {
      await trx.insertInto('outbox_messages').values({ channel: 'SMS', recipient: phone, subject: null, body: text, sent_at: new Date() }).execute();
    },
  };
}
