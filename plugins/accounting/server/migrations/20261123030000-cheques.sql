-- Accounting: cheques (çek; issue 8; seeds 000 §3 cheque: number, code, amount, issue or received
-- date, due date, bank, branch, explanation, direction IN or OUT; §7 /checks).
--
-- A received cheque (IN) sits in 101 Alınan Çekler: in the portfolio (101.01 Portföydeki Çekler)
-- or at a bank for collection (101.xx Tahsildeki Çekler - <bank account>); a given cheque (OUT) in
-- 103.01 Verilen Çekler. The cheque's row holds where it is now (state, the bank account, whom it
-- was endorsed to); every step of its life is an event here, posted through the posting function
-- in the same transaction (source CHEQUE:<cheque id>:<step no>). The states, the allowed steps and
-- what each one posts are in src/cheques/index.ts. A cheque is never removed: deleting one (only
-- while nothing happened to it after its entry) reverses its entry and marks it DELETED.

CREATE TABLE cheques (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  state text NOT NULL,
  -- Çek no, as printed on the leaf.
  number text NOT NULL CHECK (btrim(number) <> ''),
  -- Seri / kod (the leaf's serial or the cheque book's code).
  code text,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  -- Lira per unit of a foreign-currency cheque on its entry date; null for a lira cheque.
  rate numeric(18, 6) CHECK (rate > 0),
  -- What the cheque is carried at in the books (amount x rate, two decimals).
  amount_try numeric(20, 2) NOT NULL CHECK (amount_try > 0),
  -- Received (IN) or given (OUT) on: the date of its entry.
  cheque_date date NOT NULL,
  -- Keşide tarihi, as written on the cheque (optional).
  issue_date date,
  -- Vade.
  due_date date NOT NULL,
  -- The drawee bank and branch as written on the cheque, and the drawer (keşideci) when not the current.
  bank_name text,
  branch_name text,
  drawer text,
  explanation text,
  -- Who gave it to us (IN) or to whom we gave it (OUT).
  current_id bigint NOT NULL,
  -- IN: the bank account it was deposited to for collection or collected into; OUT: the account it is drawn on / was paid from.
  bank_account_id bigint,
  -- IN, endorsed: the current it was endorsed to (ciro).
  endorsed_to_id bigint,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, endorsed_to_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, bank_account_id) REFERENCES bank_accounts (company_id, id),
  CHECK ((direction = 'IN' AND state IN ('IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION', 'ENDORSED', 'COLLECTED', 'BOUNCED', 'RETURNED', 'DELETED'))
      OR (direction = 'OUT' AND state IN ('GIVEN', 'PAID', 'BOUNCED', 'RETURNED', 'DELETED'))),
  CHECK ((currency_id = 1) = (rate IS NULL)),
  CHECK (state <> 'ENDORSED' OR endorsed_to_id IS NOT NULL),
  CHECK (state NOT IN ('DEPOSITED_FOR_COLLECTION', 'COLLECTED', 'PAID') OR bank_account_id IS NOT NULL)
);
-- The same leaf is not entered twice (a deleted entry does not count).
CREATE UNIQUE INDEX cheques_number_key ON cheques (company_id, direction, number, lower(coalesce(bank_name, ''))) WHERE state <> 'DELETED';
-- The portfolio screen: by direction and state, by due date.
CREATE INDEX cheques_due ON cheques (company_id, direction, state, due_date);
CREATE INDEX cheques_current ON cheques (company_id, current_id);

CREATE TABLE cheque_events (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  cheque_id bigint NOT NULL,
  -- The step's number in the cheque's life: 1 is its entry (RECEIVE or GIVE).
  seq smallint NOT NULL CHECK (seq >= 1),
  action text NOT NULL CHECK (action IN ('RECEIVE', 'GIVE', 'AMEND', 'DEPOSIT', 'WITHDRAW', 'COLLECT', 'ENDORSE', 'BOUNCE', 'RETURN', 'PAY', 'DELETE')),
  from_state text,
  to_state text NOT NULL,
  event_date date NOT NULL,
  bank_account_id bigint,
  current_id bigint,
  -- The entry the step posted (a DELETE: the reversal of the cheque's entry).
  entry_id bigint NOT NULL,
  explanation text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, cheque_id, seq),
  FOREIGN KEY (company_id, cheque_id) REFERENCES cheques (company_id, id),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, bank_account_id) REFERENCES bank_accounts (company_id, id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  CHECK ((seq = 1) = (action IN ('RECEIVE', 'GIVE')))
);
CREATE INDEX cheque_events_entry ON cheque_events (company_id, entry_id);

ALTER TABLE cheques ENABLE ROW LEVEL SECURITY;
ALTER TABLE cheque_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON cheques USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON cheque_events USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE ON cheques TO tezgah_app;
-- A cheque is never deleted (it is marked DELETED); its history only grows. The schema's default
-- privileges gave the request role everything: take the rest back.
REVOKE DELETE, TRUNCATE ON cheques FROM tezgah_app;
REVOKE UPDATE, DELETE, TRUNCATE ON cheque_events FROM tezgah_app;
GRANT SELECT, INSERT ON cheque_events TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE cheques_id_seq, cheque_events_id_seq TO tezgah_app;
