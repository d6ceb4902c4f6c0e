-- Accounting: correcting a capital record (PUT /capitals; issue 14, seed 000 §7 lists /capitals
-- among the standard CRUDs). A correction keeps the record's id (its payments still name their
-- commitment), reverses its entry and posts the corrected one under the same source, in one
-- transaction. The record's old values, the entry they had and its reversal are kept here,
-- insert-only, so nothing is lost: the ledger holds the entries, this table what they belonged to.

CREATE TABLE capital_corrections (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  capital_id bigint NOT NULL,
  old_date date NOT NULL,
  old_amount numeric(20, 2) NOT NULL,
  old_commitment_id bigint,
  old_money_kind text,
  old_money_id bigint,
  old_money_account_code text,
  old_explanation text,
  old_entry_id bigint NOT NULL,
  reversal_entry_id bigint NOT NULL,
  corrected_by text,
  corrected_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, old_entry_id),
  FOREIGN KEY (company_id, capital_id) REFERENCES capitals (company_id, id),
  FOREIGN KEY (company_id, old_entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, reversal_entry_id) REFERENCES journal_entries (company_id, id)
);
CREATE INDEX capital_corrections_capital ON capital_corrections (company_id, capital_id, id);

ALTER TABLE capital_corrections ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON capital_corrections USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE UPDATE, DELETE, TRUNCATE ON capital_corrections FROM tezgah_app;
GRANT SELECT, INSERT ON capital_corrections TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE capital_corrections_id_seq TO tezgah_app;

-- The corrected values: the record's own columns a correction rewrites (never its partner or kind).
GRANT UPDATE (capital_date, amount, commitment_id, money_kind, money_id, money_account_code, explanation, entry_id) ON capitals TO tezgah_app;
