import { SEED_TEXTS_TR } from '@tezgah/core';

/**
 * The texts of the prescription side screens (issue 12, seeds 001 §2 "Medula login and prescription
 * screens: doctor, facility, report, diagnosis, QR code, period and dose pickers"; §8 majistral
 * texts): prepared prescriptions, reports, doctors and facilities, majistral, the drug-information
 * page. messages.ts merges them into the `pharmacy` namespace.
 */
export const screensTr = {
  prepared: {
    title: 'Hazır reçeteler', button: 'Hazır reçete', tckn: 'Hasta T.C. kimlik no', search: 'Medula\'da ara', table: 'Hazır reçeteler',
    none: 'Bu hasta için Medula\'da hazır reçete yok.', detail: 'Hazır reçete {{no}}', medicines: 'Hazır reçetedeki ilaçlar', take: 'Reçeteyi al',
    taken: 'Hazır reçete alındı: {{no}}', hint: 'T.C. kimlik numarasını yazıp Enter\'a basın; ↑/↓ ile seçip Enter ile açın, Ctrl+Enter ile alın.',
    receteNo: 'Reçete no', date: 'Tarih', patient: 'Hasta', doctor: 'Doktor', facility: 'Tesis', total: 'Tutar', held: 'Bu eczanede var',
    tcknInvalid: 'Geçerli bir T.C. kimlik numarası girin.', medulaDown: 'Medula\'ya ulaşılamadı; hazır reçeteler okunamıyor.',
  },
  rapor: {
    title: 'Hasta raporları', button: 'Raporlar', patient: 'Hasta: {{tckn}}', table: 'Hastanın raporları', none: 'Medula\'da bu hastanın raporu yok.',
    reportNo: 'Rapor no', reportDate: 'Rapor tarihi', validity: 'Geçerlilik', facility: 'Tesis', type: 'Rapor türü', doctor: 'Doktor', diagnoses: 'Tanılar',
    substances: 'Etkin maddeler', barcodes: 'Barkodlar', medicine: 'Seçili ilaç raporda mı?', covers: '{{name}} şu raporlarla kapsanıyor: {{nos}}',
    notCovered: '{{name}} hastanın hiçbir raporunda yok.', check: 'Raporu denetle', noPatient: 'Reçetede hastanın T.C. kimlik numarası yok.',
    medulaDown: 'Medula\'ya ulaşılamadı; raporlar okunamıyor.',
  },
  hastaRapor: {
    title: 'Hasta raporları', table: 'Kayıtlı hasta raporları', empty: 'Kayıtlı rapor yok.', add: 'Rapor ekle', edit: 'Düzenle: {{no}}', remove: 'Sil: {{no}}',
    removeConfirm: '{{no}} numaralı rapor silinecek.', removed: 'Rapor silindi.', saved: 'Rapor kaydedildi.', filter: 'Süz', source: 'Kaynak',
    sources: { MEDULA: 'Medula', MANUAL: 'Elle' }, newTitle: 'Yeni hasta raporu', editTitle: 'Hasta raporu {{no}}',
    reportNo: 'Rapor no', patientTckn: 'Hasta T.C. kimlik no', patientName: 'Hasta adı', patientSurname: 'Hasta soyadı', reportDate: 'Rapor tarihi',
    startDate: 'Başlangıç tarihi', endDate: 'Bitiş tarihi', facilityCode: 'Tesis kodu', facilityName: 'Tesis adı', reportType: 'Rapor türü',
    doctorName: 'Doktor adı', doctorSurname: 'Doktor soyadı', diagnoses: 'Tanılar (her satıra "kod ad")', barcodes: 'Barkodlar (virgülle)', description: 'Açıklama',
    errors: { required: 'Zorunlu alan', tckn: 'Geçerli bir T.C. kimlik numarası girin.', barcode: 'Barkodlar 8-14 hanedir.', dates: 'Bitiş tarihi başlangıçtan önce olamaz.', date: 'Tarihi GG/AA/YYYY biçiminde girin.' },
    tesisLink: 'Tesisler', recetesLink: 'Reçeteler',
  },
  tesis: {
    title: 'Sağlık tesisleri', table: 'Sağlık tesisleri', empty: 'Kayıtlı tesis yok.', add: 'Tesis ekle', code: 'Tesis kodu', name: 'Tesis adı', city: 'İl', kind: 'Tür',
    search: 'Ara', edit: 'Düzenle: {{code}}', remove: 'Sil: {{code}}', removeConfirm: '{{code}} kodlu tesis silinecek.', saved: 'Tesis kaydedildi.', removed: 'Tesis silindi.',
    newTitle: 'Yeni tesis', editTitle: 'Tesis {{code}}', required: 'Zorunlu alan', picker: 'Tesis seç', pick: 'Seç: {{name}}',
    doctors: 'Doktorlar (Medula)', doctorName: 'Doktor adı', doctorSearch: 'Doktor ara', doctorTable: 'Doktorlar', doctorNone: 'Medula bu aramayla doktor bulmadı.',
    branch: 'Branş', diplomaNo: 'Diploma no', doctorPicker: 'Doktor seç', doctorPick: 'Seç: {{name}}',
  },
  majistral: {
    title: 'Majistral ilaç · {{no}}', button: 'Majistral', name: 'İlacın adı', content: 'İçerik (formül)', amount: 'Miktar', unit: 'Birim', price: 'Fiyat (TL)',
    save: 'Majistral ilacı kaydet', saved: SEED_TEXTS_TR.MAJISTRAL_SAVED, failed: `Majistral ilaç ${SEED_TEXTS_TR.MAJISTRAL_NOT_SAVED}`,
    required: 'Zorunlu alan', priceInvalid: 'Tutarı 123,45 biçiminde girin.', onlySaved: 'Majistral ilaç yalnız Medula\'ya kaydedilmiş reçeteye eklenir.',
  },
  cancel: {
    cancel: 'Medula kaydını geri al', cancelOf: 'Medula kaydını geri al: {{no}}', cancelConfirm: '{{no}} numaralı reçetenin Medula kaydı geri alınacak; reçete burada kalır.',
    del: 'Geri al ve sil', delOf: 'Geri al ve sil: {{no}}', delConfirm: '{{no}} numaralı reçetenin Medula kaydı geri alınacak ve reçete silinecek.',
    done: 'Reçetenin Medula kaydı geri alındı.', deleted: 'Reçete silindi.', queued: 'Medula\'ya ulaşılamadı; işlem sırada bekliyor ve Medula yanıt verince bir kez iletilecek.',
  },
  vademecum: {
    button: 'İlaç bilgisi', buttonOf: 'İlaç bilgisi: {{name}}', title: 'İlaç bilgisi', missing: 'Bağlantı eksik ya da süresi dolmuş; ilaç bilgisini tezgahtan yeniden açın.',
    barcode: 'Barkod', atc: 'ATC', substance: 'Etkin madde', firm: 'Firma', form: 'Form', strength: 'Güç', color: 'Reçete rengi', status: 'Durum', active: 'Aktif', passive: 'Pasif',
    equivalentGroup: 'Eşdeğer grubu', sgkNo: 'SGK kamu no', licence: 'Ruhsat', equivalents: 'Eşdeğerler', none: 'Eşdeğer ilaç yok.',
    match: { EQUIVALENT_GROUP: 'Eşdeğer grubu', ATC_FORM: 'ATC ve form' }, note: 'Bu sayfa harici Vademecum sitesinin yerini tutar: TİTCK, SKRS ve SGK listelerinden.',
  },
};

export const screensEn: { [K in keyof typeof screensTr]: (typeof screensTr)[K] } = {
  prepared: {
    title: 'Prepared prescriptions', button: 'Prepared prescription', tckn: 'Patient national ID', search: 'Search Medula', table: 'Prepared prescriptions',
    none: 'Medula holds no prepared prescription for this patient.', detail: 'Prepared prescription {{no}}', medicines: 'Medicines of the prepared prescription', take: 'Take the prescription',
    taken: 'Prepared prescription taken: {{no}}', hint: 'Type the national ID and press Enter; choose with ↑/↓, open with Enter, take with Ctrl+Enter.',
    receteNo: 'Prescription no', date: 'Date', patient: 'Patient', doctor: 'Doctor', facility: 'Facility', total: 'Amount', held: 'Held here',
    tcknInvalid: 'Enter a valid national ID.', medulaDown: 'Medula could not be reached; prepared prescriptions cannot be read.',
  },
  rapor: {
    title: 'Patient reports', button: 'Reports', patient: 'Patient: {{tckn}}', table: 'The patient\'s reports', none: 'Medula holds no report of this patient.',
    reportNo: 'Report no', reportDate: 'Report date', validity: 'Valid', facility: 'Facility', type: 'Report type', doctor: 'Doctor', diagnoses: 'Diagnoses',
    substances: 'Active substances', barcodes: 'Barcodes', medicine: 'Is the chosen medicine on a report?', covers: '{{name}} is covered by: {{nos}}',
    notCovered: '{{name}} is on none of the patient\'s reports.', check: 'Check the report', noPatient: 'The prescription has no patient national ID.',
    medulaDown: 'Medula could not be reached; reports cannot be read.',
  },
  hastaRapor: {
    title: 'Patient reports', table: 'Patient reports kept', empty: 'No report kept.', add: 'Add report', edit: 'Edit: {{no}}', remove: 'Delete: {{no}}',
    removeConfirm: 'Report {{no}} will be deleted.', removed: 'Report deleted.', saved: 'Report saved.', filter: 'Filter', source: 'Source',
    sources: { MEDULA: 'Medula', MANUAL: 'By hand' }, newTitle: 'New patient report', editTitle: 'Patient report {{no}}',
    reportNo: 'Report no', patientTckn: 'Patient national ID', patientName: 'Patient name', patientSurname: 'Patient surname', reportDate: 'Report date',
    startDate: 'Start date', endDate: 'End date', facilityCode: 'Facility code', facilityName: 'Facility name', reportType: 'Report type',
    doctorName: 'Doctor name', doctorSurname: 'Doctor surname', diagnoses: 'Diagnoses (one "code name" per line)', barcodes: 'Barcodes (comma separated)', description: 'Description',
    errors: { required: 'Required', tckn: 'Enter a valid national ID.', barcode: 'Barcodes have 8-14 digits.', dates: 'The end date cannot be before the start.', date: 'Enter the date as DD/MM/YYYY.' },
    tesisLink: 'Facilities', recetesLink: 'Prescriptions',
  },
  tesis: {
    title: 'Health facilities', table: 'Health facilities', empty: 'No facility kept.', add: 'Add facility', code: 'Facility code', name: 'Facility name', city: 'City', kind: 'Kind',
    search: 'Search', edit: 'Edit: {{code}}', remove: 'Delete: {{code}}', removeConfirm: 'Facility {{code}} will be deleted.', saved: 'Facility saved.', removed: 'Facility deleted.',
    newTitle: 'New facility', editTitle: 'Facility {{code}}', required: 'Required', picker: 'Choose a facility', pick: 'Choose: {{name}}',
    doctors: 'Doctors (Medula)', doctorName: 'Doctor name', doctorSearch: 'Search doctors', doctorTable: 'Doctors', doctorNone: 'Medula found no doctor for this search.',
    branch: 'Branch', diplomaNo: 'Diploma no', doctorPicker: 'Choose a doctor', doctorPick: 'Choose: {{name}}',
  },
  majistral: {
    title: 'Majistral medicine · {{no}}', button: 'Majistral', name: 'Medicine name', content: 'Content (formula)', amount: 'Amount', unit: 'Unit', price: 'Price (TL)',
    save: 'Save the majistral medicine', saved: 'Majistral medicine saved', failed: 'Majistral medicine could not be saved',
    required: 'Required', priceInvalid: 'Enter the amount as 123.45.', onlySaved: 'A majistral medicine is added only to a prescription saved at Medula.',
  },
  cancel: {
    cancel: 'Withdraw the Medula save', cancelOf: 'Withdraw the Medula save: {{no}}', cancelConfirm: 'The Medula save of prescription {{no}} will be withdrawn; the prescription stays here.',
    del: 'Withdraw and delete', delOf: 'Withdraw and delete: {{no}}', delConfirm: 'The Medula save of prescription {{no}} will be withdrawn and the prescription deleted.',
    done: 'The prescription\'s Medula save was withdrawn.', deleted: 'Prescription deleted.', queued: 'Medula could not be reached; the operation waits and is delivered once when Medula answers.',
  },
  vademecum: {
    button: 'Drug information', buttonOf: 'Drug information: {{name}}', title: 'Drug information', missing: 'The link is incomplete or expired; open the drug information again from the counter.',
    barcode: 'Barcode', atc: 'ATC', substance: 'Active substance', firm: 'Firm', form: 'Form', strength: 'Strength', color: 'Prescription colour', status: 'Status', active: 'Active', passive: 'Passive',
    equivalentGroup: 'Equivalent group', sgkNo: 'SGK public no', licence: 'Licence', equivalents: 'Equivalents', none: 'No equivalent medicine.',
    match: { EQUIVALENT_GROUP: 'Equivalent group', ATC_FORM: 'ATC and form' }, note: 'This page stands in for the external Vademecum site: from the TİTCK, SKRS and SGK lists.',
  },
};
