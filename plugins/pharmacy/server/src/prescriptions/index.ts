import { setTenant } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import { worldFacilities } from '../medula/index';
import { handlers } from './handlers';

/**
 * The pharmacy plugin's prescriptions area (issue 12): the prescription calls of seeds 001 §7
 * (e-recete-request, recete, tracking-number-recetes, prepared-recetes, prepared-recete,
 * prepared-recete-selects, rapor-list, rapor, medicine-rapor, doctor-list, select-warning-code,
 * get-esdeger, save-e-recete, save-prepared-recete, save-manual-recete, update-recete-for-qr,
 * update, majistral, prescriptionCancel, cancelAndDelete, DELETE recete/{receteNo}) and the CRUD of
 * recetes, hasta-rapors and tesis (openapi/pharmacy/prescriptions.yaml).
 */
export { receteView, lineView, fullView, storeErecete, colorOfTuru, boxPrice, type ReceteView } from './store';

export const area: PharmacyArea = {
  handlers,
  async seedDemo(trx, demo) {
    // The demo pharmacy knows the facilities its sandbox prescriptions come from.
    const cid = demo.companies.pharmacy;
    await setTenant(trx, cid);
    await trx.insertInto('pharmacy_tesis' as never).values(worldFacilities().map((t) => ({ company_id: cid, code: t.tesisKodu, name: t.tesisAdi, city: t.il, kind: t.tur })) as never).execute();
  },
};
