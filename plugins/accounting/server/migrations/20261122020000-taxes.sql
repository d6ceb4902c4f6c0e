-- Accounting: taxes. The kernel owns the `taxes` table (one row per company, tax type and
-- percentage; VAT 20/10/1/0 seeded for every new company); this adds what the tax settings need,
-- and the KDV exemption codes (istisna / muafiyet sebep kodları) as global reference data.

-- KDV exemption reason codes, as GİB's UBL-TR code list names them ("e-Fatura Uygulaması UBL-TR
-- Kod Listeleri", Vergi İstisna Muafiyet Sebep Kodları; the codes are those of the list's
-- TaxExemptionReasonCodeType in the UBL-TR schematron, shared/data/ubl-tr/schematron/
-- UBL-TR_Codelist.xml, 2025-04 revision). The ones a pre-accounting user issues invoices with:
-- full exemptions (tam istisna, 3xx), partial exemptions (kısmi istisna, 2xx), export-registered
-- sales (ihraç kayıtlı, 70x) and 351, "not an exemption" for a 0 % line. Read-only to the app.
CREATE TABLE tax_exception_types (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{3}$'),
  tax_type text NOT NULL DEFAULT 'KDV',
  kind text NOT NULL CHECK (kind IN ('FULL', 'PARTIAL', 'EXPORT_REGISTERED', 'OTHER')),
  name text NOT NULL
);

INSERT INTO tax_exception_types (code, kind, name) VALUES
  ('201', 'PARTIAL', '17/1 Kültür ve eğitim amacı taşıyan işlemler'),
  ('202', 'PARTIAL', '17/2-a Sağlık, çevre ve sosyal yardım amaçlı işlemler'),
  ('204', 'PARTIAL', '17/2-c Yabancı diplomatik organ ve hayır kurumlarının yapacakları bağışlarla ilgili mal ve hizmet alımları'),
  ('205', 'PARTIAL', '17/2-d Taşınmaz kültür varlıklarına ilişkin teslimler ve mimarlık hizmetleri'),
  ('206', 'PARTIAL', '17/2-e Mesleki kuruluşların işlemleri'),
  ('207', 'PARTIAL', '17/3 Askeri fabrika, tersane ve atölyelerin işlemleri'),
  ('208', 'PARTIAL', '17/4-c Birleşme, devir, dönüşüm ve bölünme işlemleri'),
  ('209', 'PARTIAL', '17/4-e Banka ve sigorta muameleleri vergisi kapsamına giren işlemler'),
  ('211', 'PARTIAL', '17/4-h Zirai amaçlı su teslimleri ile köy tüzel kişiliklerince yapılan içme suyu teslimleri'),
  ('212', 'PARTIAL', '17/4-ı Serbest bölgelerde verilen hizmetler'),
  ('213', 'PARTIAL', '17/4-j Boru hattı ile yapılan petrol ve gaz taşımacılığı'),
  ('214', 'PARTIAL', '17/4-k Organize sanayi bölgelerindeki arsa ve işyeri teslimleri ile konut yapı kooperatiflerinin üyelerine konut teslimleri'),
  ('215', 'PARTIAL', '17/4-l Varlık yönetim şirketlerinin işlemleri'),
  ('216', 'PARTIAL', '17/4-m Tasarruf Mevduatı Sigorta Fonunun işlemleri'),
  ('217', 'PARTIAL', '17/4-n Basın-Yayın ve Enformasyon Genel Müdürlüğüne verilen haber hizmetleri'),
  ('218', 'PARTIAL', '17/4-o Gümrük antrepoları, geçici depolama yerleri ve gümrüklü sahalardaki bağımsız birimlerin kiralanması'),
  ('219', 'PARTIAL', '17/4-p Hazine ve Arsa Ofisi Genel Müdürlüğünün işlemleri'),
  ('220', 'PARTIAL', '17/4-r İki tam yıl süreyle sahip olunan taşınmaz ve iştirak hisseleri satışları'),
  ('221', 'PARTIAL', 'Geçici 15 Konut yapı kooperatifleri, belediyeler ve il özel idarelerine yapılan konut inşaatı taahhüt işleri'),
  ('223', 'PARTIAL', 'Geçici 20/1 Teknoloji geliştirme bölgelerinde yapılan işlemler'),
  ('225', 'PARTIAL', 'Geçici 23 Milli Eğitim Bakanlığına yapılan bilgisayar bağışları ile ilgili teslimler'),
  ('250', 'PARTIAL', 'Diğer kısmi istisnalar'),
  ('301', 'FULL', '11/1-a Mal ihracatı'),
  ('302', 'FULL', '11/1-a Hizmet ihracatı'),
  ('303', 'FULL', '11/1-a Roaming hizmetleri'),
  ('304', 'FULL', '13/a Deniz, hava ve demiryolu taşıma araçlarının teslimi'),
  ('305', 'FULL', '13/b Deniz ve hava taşıma araçları için liman ve hava meydanlarında yapılan hizmetler'),
  ('306', 'FULL', '13/c Petrol aramaları ve petrol boru hatlarının inşa ve modernizasyonuna ilişkin teslim ve hizmetler'),
  ('307', 'FULL', '13/c Maden arama, altın, gümüş ve platin madenleri için işletme, zenginleştirme ve rafinaj faaliyetlerine ilişkin teslim ve hizmetler'),
  ('308', 'FULL', '13/d Teşvikli yatırım mallarının teslimi'),
  ('309', 'FULL', '13/e Limanlar ve hava meydanlarının inşası, yenilenmesi ve genişletilmesi'),
  ('310', 'FULL', '13/f Ulusal güvenlik amaçlı teslim ve hizmetler'),
  ('311', 'FULL', '14/1 Uluslararası taşımacılık'),
  ('312', 'FULL', '15/a Diplomatik organ ve misyonlara yapılan teslim ve hizmetler'),
  ('313', 'FULL', '15/b Uluslararası kuruluşlara yapılan teslim ve hizmetler'),
  ('314', 'FULL', '19/2 Usulüne göre yürürlüğe girmiş uluslararası anlaşmalar kapsamındaki istisnalar'),
  ('315', 'FULL', '14/3 İhraç konusu eşyayı taşıyan kamyon, çekici ve yarı römorklara yapılan motorin teslimleri'),
  ('316', 'FULL', '11/1-a Serbest bölgelerdeki müşteriler için yapılan fason hizmetler'),
  ('317', 'FULL', '17/4-s Engellilerin eğitimleri, meslekleri ve günlük yaşamlarına ilişkin araç-gereç ve bilgisayar programları'),
  ('319', 'FULL', '13/g Başbakanlık Merkez Teşkilatına yapılan araç teslimleri'),
  ('322', 'FULL', '11/1-c Türkiye''de ikamet etmeyenlere özel fatura ile yapılan teslimler (bavul ticareti)'),
  ('323', 'FULL', '13/ğ 5300 sayılı Kanuna göre düzenlenen ürün senetlerinin ihtisas/ticaret borsaları aracılığıyla ilk teslimi'),
  ('324', 'FULL', '13/h Türkiye Kızılay Derneğine yapılan teslim ve hizmetler ile Derneğin teslim ve hizmetleri'),
  ('325', 'FULL', '13/ı Yem teslimleri'),
  ('326', 'FULL', '13/ı Gübre teslimleri'),
  ('327', 'FULL', '13/ı Gübrelerin üretiminde kullanılan hammaddelerin gübre üreticilerine teslimi'),
  ('328', 'FULL', '13/i Konut veya işyeri teslimleri'),
  ('331', 'FULL', '13/m Ar-Ge, yenilik ve tasarım faaliyetlerinde kullanılmak üzere yapılan yeni makine ve teçhizat teslimleri'),
  ('332', 'FULL', 'Geçici 39 İmalat sanayiinde kullanılmak üzere yapılan yeni makine ve teçhizat teslimleri'),
  ('334', 'FULL', '13/l Yabancılara verilen sağlık hizmetleri'),
  ('335', 'FULL', '13/n Basılı kitap ve süreli yayınların teslimleri'),
  ('350', 'FULL', 'Diğer istisnalar'),
  ('351', 'OTHER', 'KDV - İstisna olmayan diğer'),
  ('701', 'EXPORT_REGISTERED', '3065 sayılı KDV Kanununun 11/1-c maddesi kapsamındaki ihraç kayıtlı teslimler'),
  ('702', 'EXPORT_REGISTERED', 'DİİB ve geçici kabul rejimi kapsamındaki satışlar'),
  ('703', 'EXPORT_REGISTERED', '4760 sayılı ÖTV Kanununun 8/2 maddesi kapsamındaki ihraç kayıtlı satışlar'),
  ('704', 'EXPORT_REGISTERED', '3065 sayılı KDV Kanununun 11/1-c maddesi ve 4760 sayılı ÖTV Kanununun 8/2 maddesi kapsamındaki ihraç kayıtlı satışlar');

REVOKE INSERT, UPDATE, DELETE ON tax_exception_types FROM tezgah_app;
GRANT SELECT ON tax_exception_types TO tezgah_app;

-- The tax types a company may define (the value stored; their GİB UBL-TR tax type codes are in
-- the server's taxes/catalogue.ts): KDV 0015, ÖTV lists I/III/IV 0071/0073/0074, ÖİV 4080,
-- KKDF 0061, BSMV 9021, accommodation tax 0059, stamp duty 1047, electricity and gas tax 4071.
ALTER TABLE taxes
  ADD COLUMN abbreviation text,
  ADD COLUMN currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  ADD CONSTRAINT taxes_id_key UNIQUE (id),
  ADD CONSTRAINT taxes_type_check CHECK (tax_type IN ('KDV', 'ÖTV-I', 'ÖTV-III', 'ÖTV-IV', 'ÖİV', 'KKDF', 'BSMV', 'KONAKLAMA', 'DAMGA', 'ETV')),
  ADD CONSTRAINT taxes_percentage_check CHECK (percentage >= 0),
  ADD CONSTRAINT taxes_abbreviation_check CHECK (abbreviation IS NULL OR char_length(abbreviation) <= 20),
  ADD CONSTRAINT taxes_exception_code_fkey FOREIGN KEY (exception_code) REFERENCES tax_exception_types (code);

UPDATE taxes SET abbreviation = tax_type WHERE abbreviation IS NULL;
