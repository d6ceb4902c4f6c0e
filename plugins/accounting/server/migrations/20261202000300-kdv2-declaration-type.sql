-- Accounting: the KDV 2 Beyannamesi (withholding VAT return, KDV Kanunu 9/1). A buyer that
-- withholds KDV (KDV tevkifatı) on its purchases declares and pays the withheld KDV on it for the
-- month of the purchase. Every company gets the type (new ones in onCompanyCreated), and a KDV2
-- draft keeps the figures computed from the books (declarations/withholding.ts): the withheld KDV
-- per withholding code, ratio and KDV rate, and what 360 was credited for it.

-- Every existing company gets the standard type. A company that already made a monthly KDV2 type
-- of its own keeps it (name, declarations) as the standard one; one that made it with another
-- period kind keeps it as it is (the draft then refuses it with a message).
INSERT INTO declaration_types (company_id, code, name, period_kind, system)
SELECT c.id, 'KDV2', 'KDV 2 Beyannamesi', 'MONTHLY', true
  FROM companies c
 ORDER BY c.id
ON CONFLICT (company_id, code) DO UPDATE SET system = true WHERE declaration_types.period_kind = 'MONTHLY';

-- A KDV2 draft: when it was computed and the month's 360 credit from the purchase invoices'
-- entries (lira), both or neither; its rows below.
ALTER TABLE declarations ADD COLUMN withholding_computed_at timestamptz;
ALTER TABLE declarations ADD COLUMN ledger_withheld_vat numeric(20, 2);
ALTER TABLE declarations ADD CONSTRAINT declarations_withholding_computed
  CHECK ((withholding_computed_at IS NULL) = (ledger_withheld_vat IS NULL));

-- One row per withholding code, ratio (tenths: 9 for 9/10) and KDV rate of the month's posted
-- purchase invoices: the KDV base, the KDV and the KDV withheld, in lira.
CREATE TABLE declaration_withholding_rows (
  company_id bigint NOT NULL REFERENCES companies (id),
  declaration_id bigint NOT NULL,
  withholding_code text NOT NULL CHECK (withholding_code ~ '^[0-9]{3}$'),
  withholding_ratio integer NOT NULL CHECK (withholding_ratio BETWEEN 1 AND 10),
  vat_rate numeric(7, 2) NOT NULL CHECK (vat_rate >= 0),
  base numeric(20, 2) NOT NULL,
  vat numeric(20, 2) NOT NULL,
  withheld numeric(20, 2) NOT NULL,
  PRIMARY KEY (company_id, declaration_id, withholding_code, withholding_ratio, vat_rate),
  FOREIGN KEY (company_id, declaration_id) REFERENCES declarations (company_id, id) ON DELETE CASCADE
);

ALTER TABLE declaration_withholding_rows ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON declaration_withholding_rows USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON declaration_withholding_rows TO tezgah_app;
REVOKE TRUNCATE ON declaration_withholding_rows FROM tezgah_app;
