-- Accounting: despatches (irsaliye; module DESPATCH 26; issue 9; seeds 000 §3, 001 §3 despatch:
-- later-sent quantity, waybill number, booklet number, attachment documents).
--
-- An incoming despatch (IN, gelen irsaliye) puts its delivered quantities into the warehouses, an
-- outgoing one (OUT, giden irsaliye) takes them out, when written (stock_movements kind
-- DESPATCH_IN / DESPATCH_OUT naming the despatch). A line's later-sent quantity (sonradan
-- gönderilecek; UBL-TR OutstandingQuantity) is only noted. A despatch is ACTIVE or CANCELLED (its
-- movements put back with DESPATCH_IN_CANCEL / DESPATCH_OUT_CANCEL; kept for ever).
--
-- An invoice line made from a despatch line names it (invoice_lines.despatch_line_id) and moves
-- no stock: the despatch did. What of a despatch line is invoiced is read from the invoices that
-- are not cancelled, so cancelling such an invoice reopens the despatch by itself.
--
-- Numbers: an outgoing despatch without a waybill number takes the next of the company's series
-- in GİB's form (IRS + year + 9 digits) from despatch_series under a row lock; an incoming one
-- carries the supplier's number.

CREATE TABLE despatch_series (
  company_id bigint NOT NULL REFERENCES companies (id),
  series text NOT NULL CHECK (series ~ '^[A-Z0-9]{3}$'),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  last_no bigint NOT NULL DEFAULT 0 CHECK (last_no >= 0 AND last_no <= 999999999),
  PRIMARY KEY (company_id, series, year)
);

CREATE TABLE despatches (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'CANCELLED')),
  current_id bigint NOT NULL,
  despatch_date date NOT NULL,
  shipment_date date NOT NULL,
  waybill_no text CHECK (length(waybill_no) BETWEEN 1 AND 32),
  booklet_no text CHECK (length(booklet_no) BETWEEN 1 AND 32),
  delivery_address text,
  explanation text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  cancelled_by text,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  CHECK (shipment_date >= despatch_date),
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
-- A waybill number once per company for what it sends, once per supplier for what it receives.
CREATE UNIQUE INDEX despatches_out_no ON despatches (company_id, waybill_no) WHERE direction = 'OUT' AND waybill_no IS NOT NULL AND status = 'ACTIVE';
CREATE UNIQUE INDEX despatches_in_no ON despatches (company_id, current_id, waybill_no) WHERE direction = 'IN' AND waybill_no IS NOT NULL AND status = 'ACTIVE';
CREATE INDEX despatches_date ON despatches (company_id, direction, despatch_date, id);
CREATE INDEX despatches_current ON despatches (company_id, current_id);

CREATE TABLE despatch_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  despatch_id bigint NOT NULL,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id bigint NOT NULL,
  warehouse_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  later_sent_quantity numeric(18, 2) NOT NULL DEFAULT 0 CHECK (later_sent_quantity >= 0),
  unit_price numeric(24, 8) CHECK (unit_price >= 0),
  explanation text,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, despatch_id, line_no),
  FOREIGN KEY (company_id, despatch_id) REFERENCES despatches (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
  FOREIGN KEY (company_id, warehouse_id) REFERENCES warehouses (company_id, id)
);

-- Files attached to a despatch (the signed paper, the carrier's document): kept in the database,
-- in the tenant's rows, bounded in size by the upload limit; content type recognised from the
-- bytes, never the client's word.
CREATE TABLE despatch_attachments (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  despatch_id bigint NOT NULL,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, despatch_id) REFERENCES despatches (company_id, id) ON DELETE CASCADE
);
CREATE INDEX despatch_attachments_despatch ON despatch_attachments (company_id, despatch_id, id);

ALTER TABLE stock_movements ADD COLUMN despatch_id bigint;
ALTER TABLE stock_movements ADD FOREIGN KEY (company_id, despatch_id) REFERENCES despatches (company_id, id);
CREATE INDEX stock_movements_despatch ON stock_movements (company_id, despatch_id) WHERE despatch_id IS NOT NULL;

ALTER TABLE invoice_lines ADD COLUMN despatch_line_id bigint;
-- An edit of a despatch replaces its lines; only cancelled invoices may still name them then (a
-- live one forbids the edit), and they let go of the link.
ALTER TABLE invoice_lines ADD FOREIGN KEY (company_id, despatch_line_id) REFERENCES despatch_lines (company_id, id) ON DELETE SET NULL (despatch_line_id);
CREATE INDEX invoice_lines_despatch_line ON invoice_lines (company_id, despatch_line_id) WHERE despatch_line_id IS NOT NULL;

ALTER TABLE despatch_series ENABLE ROW LEVEL SECURITY;
ALTER TABLE despatches ENABLE ROW LEVEL SECURITY;
ALTER TABLE despatch_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE despatch_attachments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON despatch_series USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON despatches USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON despatch_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON despatch_attachments USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON despatch_series, despatches, despatch_lines, despatch_attachments FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON despatch_series TO tezgah_app;
-- Despatches are cancelled, never deleted; their lines are replaced by an edit.
GRANT SELECT, INSERT, UPDATE ON despatches TO tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON despatch_lines, despatch_attachments TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE despatches_id_seq, despatch_lines_id_seq, despatch_attachments_id_seq TO tezgah_app;
