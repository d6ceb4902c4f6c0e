-- Accounting: periodic processes (periyodik işlemler; issue 10; seeds 000 §7 "Periodic", periodic
-- process statuses). A process is made from an invoice: PERIODIC writes the invoice again every
-- period from a template (the invoice's content), INSTALMENT collects (sale) or pays (purchase)
-- each open due of the invoice on its due date into / from a money account. Each period is a line
-- that runs once on the kernel's job queue: PENDING → SUCCESS | FAILED | INSUFFICIENT_BALANCE, or
-- CANCELLED when the process is terminated. A line's document is unique (an invoice or a money
-- transaction belongs to one line at most), and a run locks its line and checks it is still
-- pending in the transaction that posts: a job delivered twice posts once.

CREATE TABLE periodic_processes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  process_type text NOT NULL CHECK (process_type IN ('PERIODIC', 'INSTALMENT')),
  invoice_type text NOT NULL CHECK (invoice_type IN ('SALE', 'BUYING')),
  name text NOT NULL CHECK (btrim(name) <> ''),
  invoice_id bigint NOT NULL,
  current_id bigint NOT NULL,
  -- PERIODIC: the invoice body every period writes (the source invoice's content, dated per line).
  template jsonb,
  start_date date NOT NULL,
  period_type text CHECK (period_type IN ('MONTHLY', 'WEEKLY', 'DAYS')),
  period_day integer CHECK (period_day BETWEEN 1 AND 366),
  period_count integer CHECK (period_count BETWEEN 1 AND 120),
  -- INSTALMENT: the money account the dues are collected into / paid from.
  safe_id bigint,
  bank_account_id bigint,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'COMPLETED', 'TERMINATED')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  terminated_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, safe_id) REFERENCES safes (company_id, id),
  FOREIGN KEY (company_id, bank_account_id) REFERENCES bank_accounts (company_id, id),
  CHECK (process_type <> 'PERIODIC' OR (template IS NOT NULL AND period_type IS NOT NULL AND period_day IS NOT NULL AND period_count IS NOT NULL)),
  CHECK (process_type <> 'INSTALMENT' OR ((safe_id IS NULL) <> (bank_account_id IS NULL)))
);
CREATE INDEX periodic_processes_invoice ON periodic_processes (company_id, invoice_id);

CREATE TABLE periodic_process_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  process_id bigint NOT NULL,
  period_no integer NOT NULL CHECK (period_no >= 1),
  run_date date NOT NULL,
  -- INSTALMENT: the due it collects or pays.
  due_id bigint,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'INSUFFICIENT_BALANCE', 'CANCELLED')),
  -- What a successful run made: PERIODIC an invoice, INSTALMENT a money transaction; each at most one line's.
  invoice_id bigint UNIQUE,
  transaction_id bigint UNIQUE,
  amount numeric(20, 2),
  reason text,
  attempts integer NOT NULL DEFAULT 0,
  -- When the sweep last put it on the queue (a line is queued again only when that is long past).
  queued_at timestamptz,
  processed_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, process_id, period_no),
  FOREIGN KEY (company_id, process_id) REFERENCES periodic_processes (company_id, id),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id),
  FOREIGN KEY (company_id, transaction_id) REFERENCES money_transactions (company_id, id),
  FOREIGN KEY (company_id, due_id) REFERENCES invoice_dues (company_id, id) ON DELETE SET NULL (due_id),
  CHECK (status <> 'SUCCESS' OR invoice_id IS NOT NULL OR transaction_id IS NOT NULL)
);
CREATE INDEX periodic_process_lines_due ON periodic_process_lines (run_date, id) WHERE status = 'PENDING';
CREATE INDEX periodic_process_lines_company_date ON periodic_process_lines (company_id, run_date);

ALTER TABLE periodic_processes ENABLE ROW LEVEL SECURITY;
ALTER TABLE periodic_process_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON periodic_processes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON periodic_process_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON periodic_processes, periodic_process_lines FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON periodic_processes, periodic_process_lines TO tezgah_app;
REVOKE DELETE ON periodic_processes, periodic_process_lines FROM tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE periodic_processes_id_seq, periodic_process_lines_id_seq TO tezgah_app;
