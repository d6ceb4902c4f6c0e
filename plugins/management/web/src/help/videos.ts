/**
 * The help video catalogue of /video (seeds 000 §2 "a video help page"), bundled with the plugin so
 * that the page lists it without a server call. Each video is hosted on the vendor's video server
 * (VIDEO_BASE); each also carries its steps in writing, shown beside the player, so the page still
 * helps when the video cannot be played (offline, or the host unreachable).
 */
export const VIDEO_BASE = 'https://video.tezgah.com.tr/yardim/';

export type HelpTopic = 'SALES' | 'PRESCRIPTION' | 'E_INVOICE' | 'CASH_BANK' | 'CURRENTS' | 'STOCK' | 'POS' | 'SETTINGS';
export const HELP_TOPICS: readonly HelpTopic[] = ['SALES', 'PRESCRIPTION', 'E_INVOICE', 'CASH_BANK', 'CURRENTS', 'STOCK', 'POS', 'SETTINGS'];

export interface HelpVideo {
  id: string;
  topic: HelpTopic;
  title: string;
  /** Length in seconds. */
  duration: number;
  description: string;
  /** The file on the video server (VIDEO_BASE + file). */
  file: string;
  steps: readonly string[];
}

export const HELP_VIDEOS: readonly HelpVideo[] = [
  {
    id: 'eczane-satis', topic: 'SALES', title: 'Eczane satışı (hızlı satış)', duration: 245, file: 'eczane-satis.mp4',
    description: 'Barkod okutarak satış yapma, ödeme tipini seçme ve satışı tamamlama.',
    steps: ['Eczane Satış sayfasını açın.', 'Ürünün barkodunu okutun veya adını yazıp seçin.', 'Miktarı ve gerekiyorsa iskontoyu girin.', 'Ödeme tipini (nakit, kredi kartı, açık hesap) seçin ve satışı kaydedin.'],
  },
  {
    id: 'fatura-kesme', topic: 'SALES', title: 'Satış faturası oluşturma', duration: 312, file: 'satis-faturasi.mp4',
    description: 'Cari seçimi, ürün satırları, KDV ve iskonto ile satış faturası kesme.',
    steps: ['Faturalar sayfasında "Ekle" düğmesine basın.', 'Müşteriyi seçin, fatura tarihini kontrol edin.', 'Ürün satırlarını ekleyin; KDV oranı ürünün varsayılan vergisinden gelir.', 'Tahsilatı girin veya açık hesap bırakıp kaydedin.'],
  },
  {
    id: 'recete-sorgulama', topic: 'PRESCRIPTION', title: 'Reçete sorgulama ve satışa aktarma', duration: 280, file: 'recete-sorgulama.mp4',
    description: 'Reçete numarasıyla sorgulama, hasta katılım payı ve reçeteyi satışa aktarma.',
    steps: ['Reçete sayfasında reçete numarasını girin ve sorgulayın.', 'Bulunan reçetede ilaçları ve hasta katılım payını kontrol edin.', '"Görüntüle" ile ayrıntıyı açın, "Satışa aktar" ile satışı başlatın.'],
  },
  {
    id: 'e-fatura-gonderme', topic: 'E_INVOICE', title: 'E-Fatura ve e-Arşiv gönderimi', duration: 356, file: 'e-fatura.mp4',
    description: 'Giden faturayı e-Fatura veya e-Arşiv olarak gönderme, durumunu izleme.',
    steps: ['Şirket ayarlarında fatura ön ekini (7 karakter) ve firma bilgilerini tamamlayın.', 'Giden Faturalar sayfasında faturayı seçin ve "Gönder"e basın.', 'Alıcı etiketini ve senaryoyu seçin; e-Arşiv için alıcının e-postasını girin.', 'Gönderim durumunu listeden izleyin.'],
  },
  {
    id: 'gelen-fatura', topic: 'E_INVOICE', title: 'Gelen e-Faturaları içeri alma', duration: 198, file: 'gelen-fatura.mp4',
    description: 'Gelen e-Faturaları listeleme, tedarikçi ve ürün eşleştirerek alış faturasına dönüştürme.',
    steps: ['Gelen Faturalar sayfasında tarih aralığını seçin.', 'Faturayı açıp tedarikçiyi ve ürünleri eşleştirin.', '"Alış faturası oluştur" ile stoğa ve cariye işleyin.'],
  },
  {
    id: 'kasa-banka', topic: 'CASH_BANK', title: 'Kasa ve banka hareketleri', duration: 264, file: 'kasa-banka.mp4',
    description: 'Kasa ve banka hesabı tanımlama, tahsilat, ödeme ve virman kaydetme.',
    steps: ['Kasa/Banka sayfasında hesabı tanımlayın (IBAN 26 karakter).', 'Tahsilat veya ödeme için hareket ekleyin, cariyi seçin.', 'Hesaplar arası aktarım için virman kullanın.'],
  },
  {
    id: 'cari-hesap', topic: 'CURRENTS', title: 'Müşteri ve tedarikçi kartı açma', duration: 221, file: 'cari-hesap.mp4',
    description: 'Cari kart bilgileri, vergi dairesi, adres ve cari hesap ekstresi.',
    steps: ['Müşteriler veya Tedarikçiler sayfasında "Ekle"ye basın.', 'Ad, vergi/T.C. kimlik numarası ve vergi dairesini girin.', 'Adreste ili ve ilçeyi listeden seçin; kaydedin.', 'Ekstre için cari satırındaki "Hesap hareketleri"ni açın.'],
  },
  {
    id: 'urun-stok', topic: 'STOCK', title: 'Ürün kartı ve stok sayımı', duration: 305, file: 'urun-stok.mp4',
    description: 'Ürün tanımlama, fiyat ve vergi, depolar arası transfer ve stok düzeltme.',
    steps: ['Ürünler sayfasında ürünü barkodu, birimi ve satış fiyatıyla tanımlayın.', 'Varsayılan KDV oranını seçin.', 'Depolar arası transfer ve sayım farkları için stok hareketi ekleyin.'],
  },
  {
    id: 'pos-odeme', topic: 'POS', title: 'POS cihazı tanımlama ve kartla tahsilat', duration: 233, file: 'pos-odeme.mp4',
    description: 'POS cihazını tanımlama, satışta kartla ödeme alma ve POS hareketlerini izleme.',
    steps: ['POS Cihazları sayfasında terminal seri numarasını ve banka hesabını girin.', 'Satışta ödeme tipi olarak kredi kartını seçin; tutar POS cihazına gönderilir.', 'POS Ödemeleri sayfasından sonucu izleyin.'],
  },
  {
    id: 'kullanici-rol', topic: 'SETTINGS', title: 'Kullanıcı ekleme ve rol yetkileri', duration: 187, file: 'kullanici-rol.mp4',
    description: 'Şirkete kullanıcı ekleme, rol tanımlama ve sayfa yetkilerini verme.',
    steps: ['Kullanıcı Ayarları sayfasında kullanıcıyı ekleyin.', 'Roller sayfasında rol oluşturup görüntüleme, ekleme, güncelleme, silme yetkilerini seçin.', 'Kullanıcıya rolü atayın; kullanıcı yeniden giriş yaptığında yetkiler geçerli olur.'],
  },
];

/** "4:05" for 245 seconds. */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
