-- Accounting: safes (cash, kasa) and the transactions that move money (issue 8). A safe keeps no
-- balance of its own: its balance is the sum of its ledger sub-account's lines (100.01 …). A
-- transaction (a transfer between safes and bank accounts, a collection from or a payment to a
-- current account) is recorded here and posted through the posting function in the same
-- transaction; it is never changed: a correction reverses it.
CREATE TABLE safes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  account_code text NOT NULL,
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  opening_balance numeric(20, 2) NOT NULL DEFAULT 0 CHECK (opening_balance >= 0),
  opening_date date,
  opening_rate numeric(18, 6),
  opening_entry_id bigint,
  explanation text,
  tag_ids bigint[] NOT NULL DEFAULT '{}',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, account_code) REFERENCES ledger_accounts (company_id, code)
);
CREATE UNIQUE INDEX safes_name_key ON safes (company_id, lower(name));

CREATE TABLE money_transactions (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  -- TRANSFER between two money accounts; COLLECTION from a current into one; PAYMENT from one to a current.
  type text NOT NULL CHECK (type IN ('TRANSFER', 'COLLECTION', 'PAYMENT')),
  -- The seeds' transaction kinds: PAYMENT (money moving), DUE, CAPITAL, UNPAID_CAPITAL.
  kind text NOT NULL DEFAULT 'PAYMENT' CHECK (kind IN ('PAYMENT', 'DUE', 'CAPITAL', 'UNPAID_CAPITAL')),
  from_kind text CHECK (from_kind IN ('SAFE', 'BANK_ACCOUNT')),
  from_id bigint,
  to_kind text CHECK (to_kind IN ('SAFE', 'BANK_ACCOUNT')),
  to_id bigint,
  current_id bigint,
  transaction_date date NOT NULL,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  currency_id integer NOT NULL REFERENCES currencies (id),
  -- When the two sides' currencies differ: what arrived, and the rates to lira used.
  to_amount numeric(20, 2),
  rate numeric(18, 6),
  to_rate numeric(18, 6),
  lira_amount numeric(20, 2) NOT NULL,
  explanation text,
  entry_id bigint NOT NULL,
  reverses_id bigint,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, reverses_id),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  CHECK ((type = 'TRANSFER') = (current_id IS NULL)),
  CHECK (type = 'COLLECTION' OR from_kind IS NOT NULL),
  CHECK (type = 'PAYMENT' OR to_kind IS NOT NULL)
);
CREATE INDEX money_transactions_date ON money_transactions (company_id, transaction_date, id);
CREATE INDEX money_transactions_current ON money_transactions (company_id, current_id);

ALTER TABLE safes ENABLE ROW LEVEL SECURITY;
ALTER TABLE money_transactions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON safes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON money_transactions USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON safes TO tezgah_app;
REVOKE UPDATE, DELETE, TRUNCATE ON money_transactions FROM tezgah_app;
GRANT SELECT, INSERT ON money_transactions TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE safes_id_seq, money_transactions_id_seq TO tezgah_app;
