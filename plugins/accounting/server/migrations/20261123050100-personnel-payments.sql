-- Accounting: payments to personnel (issue 8; seeds 000 §3 personnel payments: amount, account,
-- date, currency, normal or instructed type; §5 amount not zero, account, date and currency
-- required; §7 /payments). The personnel are the PERSONNEL current accounts. A payment is posted
-- debit the personnel's own sub-account (335.001 …) / credit the safe or bank account. Changing
-- a payment reverses its entry and posts the new one; deleting it reverses the entry and marks
-- the payment cancelled (it stays, with both entries, for the record).

CREATE TABLE personnel_payments (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  personnel_id bigint NOT NULL,
  -- NORMAL: paid out of a safe or bank account; INSTRUCTED (talimatlı): by a standing payment
  -- order given to the bank, so only from a bank account.
  payment_type text NOT NULL DEFAULT 'NORMAL' CHECK (payment_type IN ('NORMAL', 'INSTRUCTED')),
  payment_date date NOT NULL,
  -- In the payment's currency (the money account's); lira_amount is what is posted.
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  currency_id integer NOT NULL REFERENCES currencies (id),
  rate numeric(18, 6) CHECK (rate > 0),
  lira_amount numeric(20, 2) NOT NULL CHECK (lira_amount > 0),
  money_kind text NOT NULL CHECK (money_kind IN ('SAFE', 'BANK_ACCOUNT')),
  money_id bigint NOT NULL,
  money_account_code text NOT NULL,
  explanation text,
  entry_id bigint NOT NULL,
  reversal_entry_id bigint,
  cancelled_at timestamptz,
  cancelled_by text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, personnel_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, money_account_code) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, reversal_entry_id) REFERENCES journal_entries (company_id, id),
  CHECK (payment_type = 'NORMAL' OR money_kind = 'BANK_ACCOUNT'),
  CHECK ((currency_id = 1) = (rate IS NULL)),
  CHECK ((cancelled_at IS NULL) = (reversal_entry_id IS NULL))
);
CREATE INDEX personnel_payments_personnel ON personnel_payments (company_id, personnel_id, payment_date, id);
CREATE INDEX personnel_payments_date ON personnel_payments (company_id, payment_date, id);

ALTER TABLE personnel_payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON personnel_payments USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- Changed (a new entry each time) but never deleted: the schema's default privileges gave the
-- request role DELETE too; take it back.
REVOKE DELETE, TRUNCATE ON personnel_payments FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON personnel_payments TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE personnel_payments_id_seq TO tezgah_app;
