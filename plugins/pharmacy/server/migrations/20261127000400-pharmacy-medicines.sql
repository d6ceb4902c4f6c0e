-- Pharmacy plugin, medicines and emanet (issue 12; seeds 001 §3 medicine with price, credit product).
--
-- pharmacy_medicines: the medicine list every company shares (global: no company_id, no row
-- policy; requests read it, never change it). Its rows come from the public lists of TİTCK (SKRS
-- e-prescription list with the prescription colour, licensed products, reference prices in €)
-- and SGK (EK-4/A: SGK public number, equivalent group, discount status) through the generated
-- migration that follows (20261127000410-pharmacy-medicines-data.sql; resources/SOURCES.md).
-- No public list carries the retail price (PSF): prices are the pharmacy's own products'.
CREATE TABLE pharmacy_medicines (
  barcode text PRIMARY KEY CHECK (barcode ~ '^[0-9]{8,14}$'),
  name text NOT NULL,
  atc_code text,
  -- The ATC code's name (the active substance, in English, as SKRS gives it).
  atc_name text,
  -- The active substance(s) in Turkish (TİTCK licensed-products list).
  substance text,
  firm text,
  -- SKRS reçete türü: NORMAL, RED, GREEN, PURPLE, ORANGE (RECETE_COLORS); null when not on SKRS.
  color text CHECK (color IN ('NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE')),
  skrs_status text CHECK (skrs_status IN ('ACTIVE', 'PASSIVE')),
  active boolean NOT NULL,
  sgk_public_no text,
  -- SGK EK-4/A eşdeğer grup: medicines of one group are equivalents (get-esdeger).
  equivalent_group text,
  therapy_group text,
  -- EK-4/A iskonto durumu (FİYAT KORUMALI, EŞDEĞER, REFERANS, ...), özel iskonto, eczacı indirimi.
  discount_status text,
  special_discount numeric(10, 4),
  pharmacist_discount text,
  -- TİTCK's real source price (Gerçek Kaynak Fiyat, €), matched by name; not a retail price.
  reference_price_eur numeric(18, 2),
  licence_no text,
  licence_date date,
  suspended boolean,
  old_barcodes text[] NOT NULL DEFAULT '{}',
  skrs_date date,
  ek4a_entry_date date,
  ek4a_passive_date date,
  -- Which lists the row comes from: SKRS_ACTIVE, SKRS_PASSIVE, SGK_EK4A, TITCK_LICENSED, TITCK_GKF.
  sources text[] NOT NULL DEFAULT '{}',
  -- What a search by text matches: name, substance and ATC name in upper-case ASCII (Turkish
  -- letters folded, so 'çözelti' finds 'COZELTI'), computed once instead of per row and query.
  search_text text GENERATED ALWAYS AS (upper(translate(name || ' ' || coalesce(substance, '') || ' ' || coalesce(atc_name, ''), 'çğıiöşüÇĞİÖŞÜ', 'cgiiosuCGIOSU'))) STORED
);
CREATE INDEX pharmacy_medicines_name ON pharmacy_medicines (lower(name), barcode);
CREATE INDEX pharmacy_medicines_atc ON pharmacy_medicines (atc_code);
CREATE INDEX pharmacy_medicines_group ON pharmacy_medicines (equivalent_group) WHERE equivalent_group IS NOT NULL;
CREATE INDEX pharmacy_medicines_old ON pharmacy_medicines USING gin (old_barcodes);

-- The lists the medicine table was built from and their dates (vademecum-last-update-date).
CREATE TABLE pharmacy_medicine_lists (
  list text PRIMARY KEY,
  title text NOT NULL,
  list_date date,
  rows integer NOT NULL
);

REVOKE INSERT, UPDATE, DELETE ON pharmacy_medicines, pharmacy_medicine_lists FROM tezgah_app;
GRANT SELECT ON pharmacy_medicines, pharmacy_medicine_lists TO tezgah_app;

-- Deposited medicines (emanet; seeds 001 §3 credit product, §4 states): a medicine given to a
-- patient (a current) before the prescription that pays for it arrives, or recorded to give later.
-- PENDING (recorded), ON_CREDIT (given on deposit: a scanned box is DEPOSITED in pharmacy_boxes),
-- COMPLETED (the prescription came: recete_id), CANCEL (taken back: the box returns to stock).
CREATE TABLE pharmacy_credit_products (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  current_id bigint NOT NULL,
  state text NOT NULL DEFAULT 'ON_CREDIT' CHECK (state IN ('PENDING', 'ON_CREDIT', 'COMPLETED', 'CANCEL')),
  -- The medicine: the company's product (when it has one), its barcode and name as given.
  product_id bigint,
  barcode text,
  medicine_name text NOT NULL CHECK (btrim(medicine_name) <> ''),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  -- The box's DataMatrix as scanned, and what it says (one box per QR-coded record).
  qr_code text,
  gtin text,
  sn text,
  bn text,
  xd date,
  given_date date NOT NULL DEFAULT CURRENT_DATE,
  due_date date,
  recete_id bigint,
  recete_no text,
  note text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CHECK (due_date IS NULL OR due_date >= given_date),
  CHECK (qr_code IS NULL OR quantity = 1)
);
CREATE INDEX pharmacy_credit_products_current ON pharmacy_credit_products (company_id, current_id, state);
CREATE INDEX pharmacy_credit_products_state ON pharmacy_credit_products (company_id, state, id);
-- A box is on one open deposit at a time.
CREATE UNIQUE INDEX pharmacy_credit_products_box ON pharmacy_credit_products (company_id, gtin, sn) WHERE gtin IS NOT NULL AND state IN ('PENDING', 'ON_CREDIT');

ALTER TABLE pharmacy_credit_products ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_credit_products USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON pharmacy_credit_products TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE pharmacy_credit_products_id_seq TO tezgah_app;
