-- Accounting: orders received (/order/in, module ORDER_RECEIVED 9) and given (/order/out, module
-- ORDER_GIVEN 10) (issue 9; seeds 000 §3 order: current account, explanation, order date, created
-- date, tags, total, completion pending or completed; filter normal or with instructions).
--
-- An order posts nothing: it is turned into an invoice, in full or in part (to-invoice, action
-- 23), and the invoice posts. What of a line is invoiced is read from the invoices made from it
-- that are not cancelled, so cancelling such an invoice reopens the order by itself; an order is
-- completed when every line is invoiced in full.

CREATE TABLE orders (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  -- NORMAL, or INSTRUCTED (talimatlı: a standing order the customer or supplier gave instructions for).
  order_kind text NOT NULL DEFAULT 'NORMAL' CHECK (order_kind IN ('NORMAL', 'INSTRUCTED')),
  current_id bigint NOT NULL,
  order_date date NOT NULL,
  explanation text,
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  total numeric(20, 2) NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id)
);
CREATE INDEX orders_date ON orders (company_id, direction, order_date, id);

CREATE TABLE order_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  order_id bigint NOT NULL,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  unit_price numeric(24, 8) NOT NULL CHECK (unit_price >= 0),
  discounts jsonb NOT NULL DEFAULT '[]',
  tax_id bigint,
  total numeric(20, 2) NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, order_id, line_no),
  FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
  FOREIGN KEY (company_id, tax_id) REFERENCES taxes (company_id, id)
);

-- Which invoice took how much of which order line.
CREATE TABLE order_invoice_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  order_line_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (company_id, order_line_id, invoice_id),
  FOREIGN KEY (company_id, order_line_id) REFERENCES order_lines (company_id, id),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE
);
CREATE INDEX order_invoice_lines_invoice ON order_invoice_lines (company_id, invoice_id);

CREATE TABLE order_tags (
  company_id bigint NOT NULL REFERENCES companies (id),
  order_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  PRIMARY KEY (company_id, order_id, tag_id),
  FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tag_id) REFERENCES tags (company_id, id) ON DELETE CASCADE
);

ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_invoice_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE order_tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON orders USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON order_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON order_invoice_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON order_tags USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON orders, order_lines, order_invoice_lines, order_tags FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON orders, order_lines, order_invoice_lines, order_tags TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE orders_id_seq, order_lines_id_seq TO tezgah_app;
