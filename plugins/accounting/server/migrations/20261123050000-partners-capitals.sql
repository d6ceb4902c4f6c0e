-- Accounting: partners' capital (issue 8; seeds 000 §3 partner, transaction kinds CAPITAL and
-- UNPAID_CAPITAL; §7 /partners, /capitals). The partners themselves are the PARTNER current
-- accounts (currents: partner_type, share_percentage, capital). A capital record is either a
-- commitment (kind UNPAID_CAPITAL: the partner commits capital, posted debit 501 Ödenmemiş
-- Sermaye / credit 500 Sermaye, each the partner's own sub-account) or a payment of committed
-- capital (kind CAPITAL: posted debit the safe or bank account / credit the partner's 501
-- sub-account). Amounts are never kept as balances: committed, paid and unpaid capital come from
-- the ledger. A record is never changed or deleted: deleting it reverses its entry and marks it
-- cancelled, so the record, its entry and the reversal stay side by side.

CREATE TABLE capitals (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  partner_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('UNPAID_CAPITAL', 'CAPITAL')),
  capital_date date NOT NULL,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  -- Capital is committed and paid in lira (TTK 332: the share capital is stated in Turkish lira).
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  -- A payment: the commitment it pays, and the safe or bank account the money went into.
  commitment_id bigint,
  money_kind text CHECK (money_kind IN ('SAFE', 'BANK_ACCOUNT')),
  money_id bigint,
  money_account_code text,
  explanation text,
  entry_id bigint NOT NULL,
  -- Deleted: the reversing entry, when and by whom.
  reversal_entry_id bigint,
  cancelled_at timestamptz,
  cancelled_by text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, entry_id),
  FOREIGN KEY (company_id, partner_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, commitment_id) REFERENCES capitals (company_id, id),
  FOREIGN KEY (company_id, money_account_code) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, reversal_entry_id) REFERENCES journal_entries (company_id, id),
  CHECK (CASE WHEN kind = 'CAPITAL'
              THEN commitment_id IS NOT NULL AND money_kind IS NOT NULL AND money_id IS NOT NULL AND money_account_code IS NOT NULL
              ELSE commitment_id IS NULL AND money_kind IS NULL AND money_id IS NULL AND money_account_code IS NULL END),
  CHECK ((cancelled_at IS NULL) = (reversal_entry_id IS NULL))
);
CREATE INDEX capitals_partner ON capitals (company_id, partner_id, capital_date, id);
CREATE INDEX capitals_commitment ON capitals (company_id, commitment_id) WHERE commitment_id IS NOT NULL;

ALTER TABLE capitals ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON capitals USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- Append-only for the request role except the cancellation columns. The schema's default
-- privileges gave it everything: take the rest back.
REVOKE UPDATE, DELETE, TRUNCATE ON capitals FROM tezgah_app;
GRANT SELECT, INSERT ON capitals TO tezgah_app;
GRANT UPDATE (reversal_entry_id, cancelled_at, cancelled_by) ON capitals TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE capitals_id_seq TO tezgah_app;
