-- Accounting: the books (issue 8). Every company keeps its own chart of accounts (a copy of the
-- uniform chart, Tekdüzen, plus the sub-accounts it adds), fiscal years split into journal
-- periods, and a double-entry journal: entries and their lines, written only by the posting
-- function (ledger/posting.ts). Lines are insert-only for the request role, as stock movements
-- are; a correction is a reversing entry that names the entry it reverses.

CREATE TABLE ledger_accounts (
  company_id bigint NOT NULL REFERENCES companies (id),
  -- Chart codes (1, 10, 100; the chart's ranges 170-178, 350-358) and dotted sub-accounts (100.01).
  -- COLLATE "C": account codes compare byte by byte, so "this account and its sub-accounts"
  -- (`= '120.001' or like '120.001.%'`, `like '10%'`) is an index range scan, not a full scan.
  code text COLLATE "C" NOT NULL CHECK (code ~ '^[1-9][0-9]{0,2}(-[0-9]{3})?(\.[0-9]{1,6})*$'),
  name text NOT NULL CHECK (btrim(name) <> ''),
  parent_code text COLLATE "C",
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 9),
  -- The chart's "kayıt atılabilir" for its own accounts, true for sub-accounts. An account with
  -- sub-accounts takes no postings whatever this says (ledger/accounts.ts).
  postable boolean NOT NULL,
  -- The record an automatic sub-account belongs to: SAFE, BANK_ACCOUNT, CURRENT, PARTNER,
  -- PERSONNEL, CHEQUE_PORTFOLIO ... and its id; null for the chart's accounts and hand-made ones.
  owner_kind text,
  owner_id bigint,
  currency_id integer REFERENCES currencies (id),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, code),
  FOREIGN KEY (company_id, parent_code) REFERENCES ledger_accounts (company_id, code)
);
CREATE INDEX ledger_accounts_parent ON ledger_accounts (company_id, parent_code);
CREATE UNIQUE INDEX ledger_accounts_owner ON ledger_accounts (company_id, owner_kind, owner_id, parent_code) WHERE owner_kind IS NOT NULL;

CREATE TABLE fiscal_years (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  start_date date NOT NULL,
  end_date date NOT NULL,
  active boolean NOT NULL DEFAULT true,
  -- The last entry number given in the year: postings take the next one under this row's lock,
  -- so numbers have no gaps however many post at once.
  last_entry_no integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CHECK (end_date >= start_date)
);
CREATE UNIQUE INDEX fiscal_years_name_key ON fiscal_years (company_id, lower(name));

CREATE TABLE journals (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  fiscal_year_id bigint NOT NULL,
  period smallint NOT NULL CHECK (period >= 1),
  start_date date NOT NULL,
  end_date date NOT NULL,
  locked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, fiscal_year_id, period),
  FOREIGN KEY (company_id, fiscal_year_id) REFERENCES fiscal_years (company_id, id) ON DELETE CASCADE,
  CHECK (end_date >= start_date)
);

CREATE TABLE journal_entries (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  fiscal_year_id bigint NOT NULL,
  journal_id bigint NOT NULL,
  -- Yevmiye no: gapless per fiscal year; the ordering call renumbers a year in date order.
  entry_no integer NOT NULL CHECK (entry_no >= 1),
  entry_date date NOT NULL,
  explanation text NOT NULL,
  -- What the entry posts: an invoice, a collection, a safe's opening balance... (kind and id);
  -- posting the same source twice is refused unless every earlier entry of it was reversed.
  source_kind text NOT NULL CHECK (source_kind ~ '^[A-Z][A-Z0-9_]*$'),
  source_id text NOT NULL,
  reverses_id bigint,
  total numeric(20, 2) NOT NULL CHECK (total > 0),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, fiscal_year_id, entry_no) DEFERRABLE INITIALLY IMMEDIATE,
  UNIQUE (company_id, reverses_id),
  FOREIGN KEY (company_id, fiscal_year_id) REFERENCES fiscal_years (company_id, id),
  FOREIGN KEY (company_id, journal_id) REFERENCES journals (company_id, id),
  FOREIGN KEY (company_id, reverses_id) REFERENCES journal_entries (company_id, id)
);
CREATE INDEX journal_entries_source ON journal_entries (company_id, source_kind, source_id);
CREATE INDEX journal_entries_date ON journal_entries (company_id, entry_date, id);

CREATE TABLE journal_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  entry_id bigint NOT NULL,
  line_no smallint NOT NULL CHECK (line_no >= 1),
  entry_date date NOT NULL,
  account_code text COLLATE "C" NOT NULL,
  debit numeric(20, 2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(20, 2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  -- The line in its own currency (a foreign-currency safe or bank account): amount and rate; the
  -- debit or credit above is always in Turkish lira.
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  amount_fc numeric(20, 2),
  rate numeric(18, 6),
  explanation text,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, entry_id, line_no),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, account_code) REFERENCES ledger_accounts (company_id, code),
  CHECK ((debit = 0) <> (credit = 0))
);
CREATE INDEX journal_lines_account ON journal_lines (company_id, account_code, entry_date, id);
CREATE INDEX journal_lines_entry ON journal_lines (entry_id);

-- Each account's debits and credits per day, kept by the posting function in the same transaction
-- as the lines (the trial balance and opening balances read it instead of every line). Derived:
-- the books test helper checks it equals the lines' sums.
CREATE TABLE ledger_daily (
  company_id bigint NOT NULL REFERENCES companies (id),
  account_code text COLLATE "C" NOT NULL,
  day date NOT NULL,
  debit numeric(20, 2) NOT NULL DEFAULT 0,
  credit numeric(20, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, account_code, day)
);
CREATE INDEX ledger_daily_day ON ledger_daily (company_id, day);

-- Defence in depth behind the posting function: at commit, every entry balances and has lines.
-- SECURITY DEFINER: at commit the request's company setting may be another company's (a seed or a
-- management call that switched tenants), and row-level security must not hide the entry's lines.
CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  d numeric; c numeric; n integer;
BEGIN
  SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*) INTO d, c, n
    FROM journal_lines WHERE company_id = NEW.company_id AND entry_id = NEW.id;
  IF n < 2 OR d <> c OR d <> NEW.total THEN
    RAISE EXCEPTION 'journal entry % does not balance (debit %, credit %, % lines)', NEW.id, d, c, n
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced();

ALTER TABLE ledger_accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE fiscal_years ENABLE ROW LEVEL SECURITY;
ALTER TABLE journals ENABLE ROW LEVEL SECURITY;
ALTER TABLE journal_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE journal_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE ledger_daily ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ledger_daily USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON ledger_accounts USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON fiscal_years USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON journals USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON journal_entries USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON journal_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON ledger_accounts, fiscal_years, journals TO tezgah_app;
REVOKE DELETE, TRUNCATE ON ledger_daily FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON ledger_daily TO tezgah_app;
-- The journal: insert-only, except renumbering (the ordering call). The schema's default
-- privileges gave the request role everything: take the rest back.
REVOKE UPDATE, DELETE, TRUNCATE ON journal_entries, journal_lines FROM tezgah_app;
GRANT SELECT, INSERT ON journal_entries, journal_lines TO tezgah_app;
GRANT UPDATE (entry_no) ON journal_entries TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE fiscal_years_id_seq, journals_id_seq, journal_entries_id_seq, journal_lines_id_seq TO tezgah_app;

-- The chart accounts whose postings go to a record's own sub-account (a safe, a bank account, a
-- customer, a supplier, a partner, personnel, the cheque portfolios, partners' capital): never
-- posted to directly, or a balance per record could not be told from the ledger.
CREATE FUNCTION ledger_owned_parent(code text) RETURNS boolean LANGUAGE sql IMMUTABLE AS
  $$ SELECT code IN ('100', '101', '102', '103', '120', '320', '331', '335', '500', '501') $$;

-- Every existing company gets the uniform chart (new ones get it in onCompanyCreated).
INSERT INTO ledger_accounts (company_id, code, name, parent_code, level, postable)
SELECT c.id, a.code, a.name, a.parent_code, a.level, a.postable AND NOT ledger_owned_parent(a.code)
  FROM companies c CROSS JOIN chart_accounts a
 ORDER BY c.id, a.level, a.code;
