-- Pharmacy plugin, shared core (issue 12; seeds 001 §3 prescription and drug-tracking fields, §4
-- prescription payment statuses). The areas add their own tables in their own migrations
-- (medula, tracking, medicines and emanet).
--
-- pharmacy_settings: a company's outside-system accounts (seeds 001 §3 company: Medula user and
-- password, ITS user and password, UTS token). The İTS user name is the company's `its_username`
-- (its first 13 characters are the pharmacy's GLN). Secrets are stored encrypted (AES-256-GCM with
-- the server's secret, bound to company and field), never returned. `mode` picks the adapter: the
-- sandbox our server serves, or the live service at the configured URL.
CREATE TABLE pharmacy_settings (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  medula_mode text NOT NULL DEFAULT 'sandbox' CHECK (medula_mode IN ('sandbox', 'live')),
  medula_username text,
  medula_password_enc text,
  -- The pharmacy's SGK contract number (eczane kodu / tesis kodu as Medula knows it).
  medula_pharmacy_code text,
  its_mode text NOT NULL DEFAULT 'sandbox' CHECK (its_mode IN ('sandbox', 'live')),
  its_password_enc text,
  uts_mode text NOT NULL DEFAULT 'sandbox' CHECK (uts_mode IN ('sandbox', 'live')),
  uts_token_enc text,
  -- Patient share rules (katılım payı) the counter computes with when Medula does not answer.
  share_rules jsonb NOT NULL DEFAULT '{}',
  -- The current the institution's share of prescriptions is owed by (SGK), made on first use.
  institution_current_id bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A prescription (reçete) as the pharmacy holds it: read from Medula (EPrescription), prepared,
-- manual or a sale without prescription (seeds 001 §3 prescription type, version, colour). It is
-- also the sale: its medicines are what the boxes were scanned against, its amounts the patient's
-- share, its invoice the sale's invoice.
CREATE TABLE pharmacy_recetes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  -- The pharmacy's own number for the prescription (Medula's reçete no once saved there; a local
  -- number 'L' + id before that).
  recete_no text NOT NULL,
  erecete_no text,
  type text NOT NULL CHECK (type IN ('EPrescription', 'PreparedPrescription', 'NonPrescription', 'ManualPrescription')),
  version text NOT NULL DEFAULT 'ORJ' CHECK (version IN ('ORJ', 'FINAL')),
  color text NOT NULL DEFAULT 'NORMAL',
  sub_type text,
  provision_type text,
  patient_tckn text,
  patient_name text,
  patient_surname text,
  patient_birth_date date,
  patient_gender text,
  receiver_tckn text,
  receiver_name text,
  purchase_date date,
  recete_date date,
  serial_no text,
  tracking_no text,
  protocol_no text,
  facility_code text,
  hospital text,
  doctor_tckn text,
  doctor_name text,
  doctor_surname text,
  doctor_branch text,
  doctor_certificate text,
  doctor_diploma_no text,
  doctor_type text,
  diagnoses jsonb NOT NULL DEFAULT '[]',
  explanations jsonb NOT NULL DEFAULT '[]',
  report jsonb,
  -- Where the record came from and where it stands with Medula.
  medula_state text NOT NULL DEFAULT 'LOCAL' CHECK (medula_state IN ('LOCAL', 'READ', 'SAVED', 'CANCELLED', 'DELETED')),
  -- The sale: PENDING until paid, ON_CREDIT on open account or deposit, COMPLETED, CANCEL.
  payment_status text NOT NULL DEFAULT 'PENDING' CHECK (payment_status IN ('PENDING', 'ON_CREDIT', 'COMPLETED', 'CANCEL')),
  payment_type text,
  share_mode text NOT NULL DEFAULT 'SALARY' CHECK (share_mode IN ('SALARY', 'MANUAL')),
  -- The patient's status for the drug co-payment rate (active worker, retired, exempt).
  patient_status text NOT NULL DEFAULT 'ACTIVE' CHECK (patient_status IN ('ACTIVE', 'RETIRED', 'EXEMPT')),
  -- The patient's share (seeds 001 §3 amounts), decimals.
  prescription_copay numeric(18, 2) NOT NULL DEFAULT 0,
  examination_copay numeric(18, 2) NOT NULL DEFAULT 0,
  drug_copay numeric(18, 2) NOT NULL DEFAULT 0,
  price_difference numeric(18, 2) NOT NULL DEFAULT 0,
  total numeric(18, 2) NOT NULL DEFAULT 0,
  patient_payable numeric(18, 2) NOT NULL DEFAULT 0,
  institution_payable numeric(18, 2) NOT NULL DEFAULT 0,
  -- 'MEDULA' when Medula computed the share, 'LOCAL' when the counter did from the local lists.
  share_source text NOT NULL DEFAULT 'LOCAL' CHECK (share_source IN ('MEDULA', 'LOCAL', 'MANUAL')),
  current_id bigint,
  invoice_id bigint,
  invoice_no text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, recete_no)
);
CREATE UNIQUE INDEX pharmacy_recetes_erecete ON pharmacy_recetes (company_id, erecete_no) WHERE erecete_no IS NOT NULL AND medula_state <> 'DELETED' AND payment_status <> 'CANCEL';
CREATE INDEX pharmacy_recetes_patient ON pharmacy_recetes (company_id, patient_tckn);
CREATE INDEX pharmacy_recetes_invoice ON pharmacy_recetes (company_id, invoice_id) WHERE invoice_id IS NOT NULL;

-- A prescription's medicine lines (seeds 001 §3 medicines: barcode, count, usage, report, QR,
-- price difference, total, unit and total price, discount, period, dose).
CREATE TABLE pharmacy_recete_medicines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  recete_id bigint NOT NULL,
  line_no integer NOT NULL,
  barcode text NOT NULL,
  -- What the doctor wrote, when the pharmacist gave an equivalent (get-esdeger).
  prescribed_barcode text,
  name text NOT NULL,
  product_id bigint,
  count integer NOT NULL CHECK (count > 0),
  usage text,
  dose1 numeric(10, 3),
  dose2 numeric(10, 3),
  period integer,
  period_unit text,
  report_no text,
  warning_code text,
  covered boolean NOT NULL DEFAULT true,
  unit_price numeric(18, 2) NOT NULL DEFAULT 0,
  total_price numeric(18, 2) NOT NULL DEFAULT 0,
  -- What the institution pays per box (the equivalent group's reference price).
  reference_price numeric(18, 2),
  price_difference numeric(18, 2) NOT NULL DEFAULT 0,
  discount numeric(18, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, recete_id, line_no),
  FOREIGN KEY (company_id, recete_id) REFERENCES pharmacy_recetes (company_id, id) ON DELETE CASCADE
);

-- Per-serial stock (issue 12): every QR-tracked box (gtin + serial) and its state, mirroring İTS.
-- In stock: RECEIVED (came in, İTS accept not yet confirmed), ACCEPTED, SALE_CANCELLED (sold and
-- taken back), DEPOSITED (given on emanet, still the pharmacy's until invoiced). Out: SOLD,
-- RETURNED (sent back to the supplier).
CREATE TABLE pharmacy_boxes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  product_id bigint,
  gtin text NOT NULL CHECK (gtin ~ '^[0-9]{14}$'),
  sn text NOT NULL CHECK (sn ~ '^[A-Za-z0-9]{1,20}$'),
  bn text,
  xd date,
  state text NOT NULL CHECK (state IN ('RECEIVED', 'ACCEPTED', 'SOLD', 'SALE_CANCELLED', 'DEPOSITED', 'RETURNED')),
  recete_id bigint,
  recete_medicine_id bigint,
  invoice_id bigint,
  credit_product_id bigint,
  -- What İTS last said of the box (uc and message of the last notification or status check).
  its_uc text,
  its_message text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, gtin, sn)
);
CREATE INDEX pharmacy_boxes_product ON pharmacy_boxes (company_id, product_id, state);
CREATE INDEX pharmacy_boxes_recete ON pharmacy_boxes (company_id, recete_id) WHERE recete_id IS NOT NULL;

-- Every state change of a box, append-only (who, when, why, from which document).
CREATE TABLE pharmacy_box_moves (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  box_id bigint NOT NULL,
  from_state text,
  to_state text NOT NULL,
  reason text NOT NULL,
  ref text,
  at timestamptz NOT NULL DEFAULT now(),
  by_login text,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, box_id) REFERENCES pharmacy_boxes (company_id, id)
);
CREATE INDEX pharmacy_box_moves_box ON pharmacy_box_moves (company_id, box_id, id);

ALTER TABLE pharmacy_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_recetes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_recetes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_recete_medicines ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_recete_medicines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_boxes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_boxes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_box_moves ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_box_moves USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE UPDATE, DELETE ON pharmacy_box_moves FROM tezgah_app;
