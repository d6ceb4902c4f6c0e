/** Texts of device management and the yearly service-fee notice (namespace 'management', keys devices.* and serviceFee.*). */
export const devicesTr = {
  title: 'Cihaz Yönetimi',
  list: 'Cihazlar',
  company: 'Şirket',
  allCompanies: 'Tüm şirketler',
  kind: 'Tür',
  allKinds: 'Tüm türler',
  kinds: { POS: 'POS cihazı', ASSISTANT: 'Kolay Asistan', MOBILE: 'Mobil cihaz' },
  status: 'Durum',
  allStatuses: 'Tüm durumlar',
  name: 'Cihaz adı',
  identifier: 'Seri no / cihaz kimliği',
  detail: 'Ayrıntı',
  lastSeen: 'Son görülme',
  never: '—',
};

export const serviceFeeTr = {
  title: 'Yıllık hizmet bedeli',
  pending: 'Yıllık hizmet bedeli ödemeniz bekleniyor. Hizmetin kesintisiz sürmesi için ödemeyi tamamlayın.',
  failed: 'Yıllık hizmet bedeli ödemeniz alınamadı. Lütfen ödeme sayfasından yeniden deneyin.',
  other: 'Yıllık hizmet bedelinizle ilgili bir bildirim var.',
  pay: 'Ödeme sayfasına git',
  redirect: 'Ödeme sayfası yeni sekmede açılır.',
  dismiss: 'Kapat',
  image: 'Hizmet bedeli',
};

export const devicesEn: typeof devicesTr = {
  title: 'Device management',
  list: 'Devices',
  company: 'Company',
  allCompanies: 'All companies',
  kind: 'Kind',
  allKinds: 'All kinds',
  kinds: { POS: 'POS device', ASSISTANT: 'Desktop assistant', MOBILE: 'Mobile device' },
  status: 'Status',
  allStatuses: 'All statuses',
  name: 'Device name',
  identifier: 'Serial / device id',
  detail: 'Detail',
  lastSeen: 'Last seen',
  never: '—',
};

export const serviceFeeEn: typeof serviceFeeTr = {
  title: 'Yearly service fee',
  pending: 'Your yearly service fee payment is awaited. Complete the payment to keep the service running.',
  failed: 'Your yearly service fee payment could not be taken. Please try again on the payment page.',
  other: 'There is a notice about your yearly service fee.',
  pay: 'Go to the payment page',
  redirect: 'The payment page opens in a new tab.',
  dismiss: 'Close',
  image: 'Service fee',
};
