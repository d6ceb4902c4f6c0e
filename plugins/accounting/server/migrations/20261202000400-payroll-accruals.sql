-- Accounting: payroll in the books (Tekdüzen Hesap Planı, MSUGT). A month's payroll of one
-- personnel (bordro tahakkuku) is accrued from the payroll's figures:
--   debit  the expense account (720 … 770, 770 Genel Yönetim Giderleri by default): gross wage
--          plus the employer's SGK and unemployment shares;
--   credit the personnel's 335.xxx (Personele Borçlar): the net wage;
--   credit 360 Ödenecek Vergi ve Fonlar: income tax withheld (GVK 94) and stamp tax (DVK);
--   credit 361 Ödenecek Sosyal Güvenlik Kesintileri: the worker's and the employer's SGK and
--          unemployment premiums (5510 sayılı Kanun, 4447 sayılı Kanun);
--   credit the personnel's 196.xxx (Personel Avansları): advances deducted from the wage.
-- Paying the net then debits 335.xxx (a WAGE payment); an ADVANCE payment debits 196.xxx.
-- Cancelling an accrual reverses its entry and keeps the row as cancelled.

CREATE TABLE payroll_accruals (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  personnel_id bigint NOT NULL,
  -- The payroll month, YYYY-MM.
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  accrual_date date NOT NULL,
  expense_account text NOT NULL,
  -- The payroll's figures, in lira.
  gross numeric(20, 2) NOT NULL CHECK (gross > 0),
  worker_sgk numeric(20, 2) NOT NULL DEFAULT 0 CHECK (worker_sgk >= 0),
  worker_unemployment numeric(20, 2) NOT NULL DEFAULT 0 CHECK (worker_unemployment >= 0),
  employer_sgk numeric(20, 2) NOT NULL DEFAULT 0 CHECK (employer_sgk >= 0),
  employer_unemployment numeric(20, 2) NOT NULL DEFAULT 0 CHECK (employer_unemployment >= 0),
  income_tax numeric(20, 2) NOT NULL DEFAULT 0 CHECK (income_tax >= 0),
  stamp_tax numeric(20, 2) NOT NULL DEFAULT 0 CHECK (stamp_tax >= 0),
  advance_deduction numeric(20, 2) NOT NULL DEFAULT 0 CHECK (advance_deduction >= 0),
  -- What the personnel is owed: gross less the worker's deductions and the advances deducted.
  net numeric(20, 2) NOT NULL CHECK (net > 0),
  personnel_account_code text NOT NULL,
  advance_account_code text,
  explanation text,
  entry_id bigint NOT NULL,
  reversal_entry_id bigint,
  cancelled_at timestamptz,
  cancelled_by text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, personnel_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, expense_account) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, personnel_account_code) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, advance_account_code) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, reversal_entry_id) REFERENCES journal_entries (company_id, id),
  CHECK (net = gross - worker_sgk - worker_unemployment - income_tax - stamp_tax - advance_deduction),
  CHECK (advance_deduction = 0 OR advance_account_code IS NOT NULL),
  CHECK ((cancelled_at IS NULL) = (reversal_entry_id IS NULL))
);
-- One live accrual per personnel and month; a cancelled one may be accrued again.
CREATE UNIQUE INDEX payroll_accruals_live ON payroll_accruals (company_id, personnel_id, period) WHERE cancelled_at IS NULL;
CREATE INDEX payroll_accruals_period ON payroll_accruals (company_id, period, id);

ALTER TABLE payroll_accruals ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON payroll_accruals USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- Cancelled (a reversal entry) but never deleted: the schema's default privileges gave the
-- request role DELETE too; take it back.
REVOKE DELETE, TRUNCATE ON payroll_accruals FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON payroll_accruals TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE payroll_accruals_id_seq TO tezgah_app;

-- A payment to personnel is either the wage (WAGE: debit 335.xxx, what the accrual credited) or
-- an advance (ADVANCE: debit the personnel's 196.xxx Personel Avansları, deducted from a later
-- wage by an accrual).
ALTER TABLE personnel_payments ADD COLUMN purpose text NOT NULL DEFAULT 'WAGE' CHECK (purpose IN ('WAGE', 'ADVANCE'));

-- The accounts the payroll posts to are in the uniform chart every company copies (196, 335,
-- 360, 361, 720 … 770); a company whose chart lacks one (an old copy) gets it here with its
-- groups, as the chart has them. New companies get the whole chart in onCompanyCreated.
INSERT INTO ledger_accounts (company_id, code, name, parent_code, level, postable)
SELECT c.id, a.code, a.name, a.parent_code, a.level, a.postable AND NOT ledger_owned_parent(a.code)
  FROM companies c
  CROSS JOIN chart_accounts a
 WHERE a.code IN ('1', '19', '196', '3', '33', '335', '36', '360', '361',
                  '7', '72', '720', '73', '730', '74', '740', '75', '750', '76', '760', '77', '770')
 ORDER BY c.id, a.level, a.code
ON CONFLICT DO NOTHING;
