-- Accounting: dues (vade) of invoices, instalment plans and payment lines (issue 9; seeds 000 §3
-- "instalments", §4 instalment types, §5 "payments auto-distribute to dues starting with the
-- oldest", §7 /dues, /invoice-payment-lines, /invoice-payment-lines/auto-share).
--
-- A posted invoice's open amount (payable less its inline payments) is owed in dues: one on its due
-- date (or its date), or one per period of its instalment plan. A collection or a payment of the
-- current (a money transaction, posted by the transactions area) is spread over open dues by
-- payment lines; a line is an allocation, not a posting: deleting it reopens the due and leaves
-- the money on the current's account as an advance. Cancelling or editing the invoice releases
-- its lines the same way.

ALTER TABLE invoices ADD COLUMN instalment_type text CHECK (instalment_type IN ('MONTHLY', 'WEEKLY', 'DAYS'));
-- MONTHLY: day of the month (1–31, the month's last day when shorter); WEEKLY: ISO weekday (1 Monday – 7 Sunday); DAYS: every N days.
ALTER TABLE invoices ADD COLUMN instalment_day integer CHECK (instalment_day BETWEEN 1 AND 366);
ALTER TABLE invoices ADD COLUMN instalment_count integer CHECK (instalment_count BETWEEN 1 AND 120);
ALTER TABLE invoices ADD CHECK ((instalment_type IS NULL) = (instalment_count IS NULL) AND (instalment_type IS NULL) = (instalment_day IS NULL));

CREATE TABLE invoice_dues (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  invoice_id bigint NOT NULL,
  current_id bigint NOT NULL,
  period_no integer NOT NULL CHECK (period_no >= 1),
  due_date date NOT NULL,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  paid numeric(20, 2) NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= amount),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, invoice_id, period_no),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id)
);
CREATE INDEX invoice_dues_open ON invoice_dues (company_id, current_id, due_date, id) WHERE paid < amount;

CREATE TABLE invoice_payment_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  transaction_id bigint NOT NULL,
  due_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, transaction_id) REFERENCES money_transactions (company_id, id),
  FOREIGN KEY (company_id, due_id) REFERENCES invoice_dues (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE
);
CREATE INDEX invoice_payment_lines_invoice ON invoice_payment_lines (company_id, invoice_id);
CREATE INDEX invoice_payment_lines_transaction ON invoice_payment_lines (company_id, transaction_id);

ALTER TABLE invoice_dues ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_payment_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON invoice_dues USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_payment_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON invoice_dues, invoice_payment_lines FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_dues, invoice_payment_lines TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE invoice_dues_id_seq, invoice_payment_lines_id_seq TO tezgah_app;
