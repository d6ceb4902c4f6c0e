import type { Kysely } from 'kysely';
import { problems } from '@tezgah/server';
import { enqueue } from '../medula/index';

/**
 * What a sales return does to the Medula record of the prescription it was sold from. Medula keeps
 * a saved prescription whole (receteKaydet / receteSil; no call corrects a recorded one), and SGK
 * pays the pharmacy by that record, so after a return it must still say what the patient kept:
 * - the whole sale returned (`whole`: nothing of the invoice left to return): the record is
 *   withdrawn (receteSil) through the Medula outbox, queued in the return's transaction as
 *   prescriptionCancel queues it; the prescription becomes CANCELLED at once, a save still waiting
 *   is not sent; the outbox row is on the prescription's Medula list with its status;
 * - part of it: refused (409 RECETE_PARTIAL_RETURN), since the record would go on claiming the
 *   boxes that came back; the pharmacist takes the whole sale back and gives the rest on a new one.
 * A prescription never recorded (read, manual, cancelled, deleted) is not touched. The outbox row's
 * islemNo names the return (`TZ<company>R<prescription>I<return>`), which makes the withdrawal once
 * per return and lets the return's cancellation find it.
 */
export async function medulaAfterReturn(d: Kysely<any>, companyId: number, r: { returnId: number; originalId: number; whole: boolean; login: string | null; at: Date }) {
  const recetes = await d.selectFrom('pharmacy_recetes').select(['id', 'recete_no', 'medula_state']).where('company_id', '=', companyId).where('invoice_id', '=', r.originalId).execute();
  for (const rec of recetes) {
    const id = Number(rec.id);
    const waiting = await d.selectFrom('pharmacy_medula_outbox').select(['id']).where('company_id', '=', companyId).where('recete_id', '=', id)
      .where('kind', '=', 'SAVE').where('status', '=', 'PENDING').executeTakeFirst();
    if (rec.medula_state !== 'SAVED' && !waiting) continue;
    if (!r.whole) {
      throw problems.conflict(
        'Medulaya kaydedilmiş reçetenin satışı kısmen iade edilemez; Medula kayıtlı reçetede düzeltmeye izin vermez. Satışın tamamını iade edin (reçetenin Medula kaydı iptal edilir), kalan ilaçları yeni bir reçeteyle verin.',
        'RECETE_PARTIAL_RETURN',
      );
    }
    // A save still waiting (or refused) is simply not sent.
    await d.updateTable('pharmacy_medula_outbox').set({ status: 'CANCELLED', last_error: 'Satış iade edildi.' })
      .where('company_id', '=', companyId).where('recete_id', '=', id).where('kind', '=', 'SAVE').where('status', 'in', ['PENDING', 'FAILED']).execute();
    if (rec.medula_state === 'SAVED') {
      await enqueue(d, companyId, { receteId: id, kind: 'DELETE', islemNo: islemNoOf(companyId, id, r.returnId), payload: { receteNo: rec.recete_no, then: 'CANCELLED' }, login: r.login, now: r.at });
    }
    await d.updateTable('pharmacy_recetes').set({ medula_state: 'CANCELLED', updated_at: r.at }).where('company_id', '=', companyId).where('id', '=', id).execute();
  }
}

const islemNoOf = (companyId: number, receteId: number, returnId: number) => `TZ${companyId}R${receteId}I${returnId}`;

/**
 * A cancelled sales return makes the sale whole again. A withdrawal of the prescription's Medula
 * record that return queued and that has not gone out (waiting, or refused by Medula) is dropped,
 * and the prescription is SAVED again; one Medula has carried out, or is being sent, cannot be
 * undone here (409 RETURN_MEDULA_CANCELLED): the record is gone and the sale would stand without it.
 */
export async function medulaAfterReturnCancelled(d: Kysely<any>, companyId: number, r: { returnId: number; at: Date }) {
  const rows = await d.selectFrom('pharmacy_medula_outbox').select(['id', 'recete_id', 'islem_no', 'status', 'claimed_until']).where('company_id', '=', companyId)
    .where('kind', '=', 'DELETE').where('islem_no', 'like', `TZ${companyId}R%I${r.returnId}`).execute();
  for (const o of rows.filter((x) => x.islem_no === islemNoOf(companyId, Number(x.recete_id), r.returnId))) {
    if (o.status === 'CANCELLED') continue;
    const inFlight = o.status === 'PENDING' && o.claimed_until && new Date(o.claimed_until).getTime() > r.at.getTime();
    if (o.status === 'DONE' || inFlight) {
      throw problems.conflict(
        inFlight
          ? 'Reçetenin Medula kaydının iptali şu an gönderiliyor; biraz sonra yeniden deneyin.'
          : 'Bu iade ile reçetenin Medula kaydı iptal edildi; iade iptal edilemez. İlaçlar yeniden verilecekse yeni bir reçete satışı yapın.',
        'RETURN_MEDULA_CANCELLED',
      );
    }
    // Waiting, or refused by Medula (the record still stands there): not sent, the record stands.
    await d.updateTable('pharmacy_medula_outbox').set({ status: 'CANCELLED', last_error: 'İade iptal edildi.' }).where('company_id', '=', companyId).where('id', '=', o.id).execute();
    await d.updateTable('pharmacy_recetes').set({ medula_state: 'SAVED', updated_at: r.at }).where('company_id', '=', companyId).where('id', '=', Number(o.recete_id)).execute();
  }
}
