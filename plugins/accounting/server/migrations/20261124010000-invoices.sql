-- Accounting: invoices (fatura; issue 9; seeds 000 §3 invoice, §5 invoice computation, §7 /invoices).
--
-- One table for both directions: SALE (satış faturası, /sales) and BUYING (alış or gider
-- faturası, /expense). An invoice is a DRAFT (kept, not posted, no number, deletable), POSTED (its
-- stock movements, its journal entry and its inline payments are in the books) or CANCELLED
-- (every posting reversed; kept for ever). The lines, their taxes and the document discounts are
-- the invoice's content; the amounts beside them are what @tezgah/core computeInvoice gave on the
-- server (the authority), kept so lists and reports never recompute.
--
-- Numbers: a sale takes, when posted, the next number of its series and year in GİB's form
-- (3-character series + year + 9-digit sequence: TZG2026000000001) from invoice_series under a row
-- lock, so there are no gaps; a purchase carries the supplier's number as written on its paper.

CREATE TABLE invoice_series (
  company_id bigint NOT NULL REFERENCES companies (id),
  series text NOT NULL CHECK (series ~ '^[A-Z0-9]{3}$'),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  last_no bigint NOT NULL DEFAULT 0 CHECK (last_no >= 0 AND last_no <= 999999999),
  PRIMARY KEY (company_id, series, year)
);

CREATE TABLE invoices (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  invoice_type text NOT NULL CHECK (invoice_type IN ('SALE', 'BUYING')),
  status text NOT NULL CHECK (status IN ('DRAFT', 'POSTED', 'CANCELLED')),
  current_id bigint NOT NULL,
  invoice_date date NOT NULL,
  due_date date,
  -- SALE: series + year + sequence, given on posting; BUYING: the supplier's number (optional).
  document_no text,
  series text,
  sequence_no bigint,
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  -- Lira per unit of the invoice's currency on its date; 1 for a lira invoice.
  conversion_rate numeric(18, 6) NOT NULL DEFAULT 1 CHECK (conversion_rate > 0),
  explanation text,
  -- The computation's figures in the invoice's currency (two decimals).
  subtotal numeric(20, 2) NOT NULL,
  total_discount numeric(20, 2) NOT NULL,
  tax_base numeric(20, 2) NOT NULL,
  total_tax numeric(20, 2) NOT NULL,
  withheld numeric(20, 2) NOT NULL DEFAULT 0,
  total_amount numeric(20, 2) NOT NULL,
  -- What the buyer owes: total_amount - withheld.
  payable numeric(20, 2) NOT NULL,
  -- Paid by the inline payments other than OPEN_ACCOUNT and by later collections against it.
  paid numeric(20, 2) NOT NULL DEFAULT 0,
  -- The journal entry that posts it (null for a draft; the reversal names it when cancelled).
  entry_id bigint,
  its_cancel boolean,
  e_invoice_type text,
  cancelled_at timestamptz,
  cancelled_by text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  CHECK (currency_id <> 1 OR conversion_rate = 1),
  CHECK (status <> 'DRAFT' OR entry_id IS NULL),
  CHECK (invoice_type <> 'SALE' OR status = 'DRAFT' OR (document_no IS NOT NULL AND series IS NOT NULL AND sequence_no IS NOT NULL)),
  CHECK (paid >= 0)
);
-- A sale's number is the company's once; a supplier's number once per supplier.
CREATE UNIQUE INDEX invoices_sale_no ON invoices (company_id, document_no) WHERE invoice_type = 'SALE' AND document_no IS NOT NULL;
CREATE UNIQUE INDEX invoices_buying_no ON invoices (company_id, current_id, document_no) WHERE invoice_type = 'BUYING' AND document_no IS NOT NULL AND status <> 'CANCELLED';
CREATE INDEX invoices_date ON invoices (company_id, invoice_type, invoice_date, id);
CREATE INDEX invoices_current ON invoices (company_id, current_id, invoice_date);

CREATE TABLE invoice_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  invoice_id bigint NOT NULL,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id bigint NOT NULL,
  -- The product's name and unit when the line was written (a later rename leaves the invoice as issued).
  description text NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  unit_price numeric(24, 8) NOT NULL CHECK (unit_price >= 0),
  -- Line discounts in order: [{"type":"PERCENTAGE","percentage":10}|{"type":"AMOUNT","amount":5}].
  discounts jsonb NOT NULL DEFAULT '[]',
  -- The withholding (tevkifat) on the line's KDV: GİB code and ratio over 10.
  withholding_code text CHECK (withholding_code ~ '^[0-9]{3}$'),
  withholding_ratio integer CHECK (withholding_ratio BETWEEN 1 AND 10),
  -- The account the line posts to (the product's main account, or the default for the kind).
  account_code text NOT NULL,
  -- Does the line move stock (goods do; services do not).
  moves_stock boolean NOT NULL,
  -- The computation's figures for the line.
  gross numeric(20, 2) NOT NULL,
  discount numeric(20, 2) NOT NULL,
  document_discount numeric(20, 2) NOT NULL,
  tax_base numeric(20, 2) NOT NULL,
  tax numeric(20, 2) NOT NULL,
  withheld numeric(20, 2) NOT NULL,
  total numeric(20, 2) NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, invoice_id, line_no),
  CHECK ((withholding_code IS NULL) = (withholding_ratio IS NULL)),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id)
);
CREATE INDEX invoice_lines_product ON invoice_lines (company_id, product_id);

CREATE TABLE invoice_line_taxes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  line_id bigint NOT NULL,
  tax_id bigint NOT NULL,
  tax_type text NOT NULL,
  percentage numeric(7, 2) NOT NULL CHECK (percentage >= 0),
  exception_code text CHECK (exception_code ~ '^[0-9]{3}$'),
  base numeric(20, 2) NOT NULL,
  amount numeric(20, 2) NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  -- At most one tax of a type on a line (seeds 000 §5).
  UNIQUE (company_id, line_id, tax_type),
  FOREIGN KEY (company_id, line_id) REFERENCES invoice_lines (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tax_id) REFERENCES taxes (company_id, id)
);

-- Where a line's goods leave from (a sale) or arrive to (a purchase): warehouse and quantity; the
-- quantities of a line add up to its quantity.
CREATE TABLE invoice_stock_lines (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  line_id bigint NOT NULL,
  warehouse_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, line_id) REFERENCES invoice_lines (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, warehouse_id) REFERENCES warehouses (company_id, id)
);

-- Document discounts (fatura altı indirim), in order, after the line discounts.
CREATE TABLE invoice_discounts (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  invoice_id bigint NOT NULL,
  seq integer NOT NULL CHECK (seq >= 1),
  discount_type text NOT NULL CHECK (discount_type IN ('AMOUNT', 'PERCENTAGE')),
  percentage numeric(7, 4) CHECK (percentage > 0 AND percentage <= 100),
  amount numeric(20, 2) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, invoice_id, seq),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE
);

-- Payments written on the invoice (seeds 000 §3: paymentType, amount, date, the safe or bank
-- account): CASH and PORTAL_CASH into a safe, CREDIT_CARD into a bank account (at most one per
-- invoice: 'Only one online payment per sale'), FREE written off, OPEN_ACCOUNT left on the
-- current (not counted as paid). Each posts its own entry (source INVOICE_PAYMENT:<id>).
CREATE TABLE invoice_payments (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  invoice_id bigint NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN ('CREDIT_CARD', 'CASH', 'PORTAL_CASH', 'FREE', 'OPEN_ACCOUNT')),
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  payment_date date NOT NULL,
  safe_id bigint,
  bank_account_id bigint,
  entry_id bigint,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, safe_id) REFERENCES safes (company_id, id),
  FOREIGN KEY (company_id, bank_account_id) REFERENCES bank_accounts (company_id, id),
  CHECK (NOT (safe_id IS NOT NULL AND bank_account_id IS NOT NULL))
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (company_id, invoice_id);

CREATE TABLE invoice_tags (
  company_id bigint NOT NULL REFERENCES companies (id),
  invoice_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  PRIMARY KEY (company_id, invoice_id, tag_id),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tag_id) REFERENCES tags (company_id, id) ON DELETE CASCADE
);

ALTER TABLE invoice_series ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_line_taxes ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_stock_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_discounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_payments ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON invoice_series USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoices USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_line_taxes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_stock_lines USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_discounts USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_payments USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON invoice_tags USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());

-- Series counters: read, add and count up; never removed.
REVOKE DELETE, TRUNCATE ON invoice_series FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON invoice_series TO tezgah_app;
-- An invoice is never removed once posted: DELETE is allowed on the row (a draft) and refused for
-- the rest by the trigger below; its content goes with it.
REVOKE TRUNCATE ON invoices, invoice_lines, invoice_line_taxes, invoice_stock_lines, invoice_discounts, invoice_payments, invoice_tags FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON invoices, invoice_lines, invoice_line_taxes, invoice_stock_lines, invoice_discounts, invoice_payments, invoice_tags TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE invoices_id_seq, invoice_lines_id_seq, invoice_line_taxes_id_seq, invoice_stock_lines_id_seq,
  invoice_discounts_id_seq, invoice_payments_id_seq TO tezgah_app;

CREATE FUNCTION invoices_keep_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'DRAFT' THEN
    RAISE EXCEPTION 'a posted or cancelled invoice is not deleted (invoice %)', OLD.id USING ERRCODE = '23514';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER invoices_keep_posted BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_keep_posted();

-- Stock may go below zero where the company allows it (a pharmacy sells before the purchase
-- invoice is entered): the per-company setting, and the checks that enforced zero move to the
-- code that writes movements (warehouses.repository applyMovement), which reads the setting.
CREATE TABLE stock_settings (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  allow_negative boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE stock_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON stock_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE DELETE, TRUNCATE ON stock_settings FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON stock_settings TO tezgah_app;
-- Pharmacies start allowing it; everyone else starts refusing.
INSERT INTO stock_settings (company_id, allow_negative)
  SELECT c.id, s.key = 'ECZ' FROM companies c JOIN sectors s ON s.id = c.sector_id ON CONFLICT DO NOTHING;

ALTER TABLE warehouse_products DROP CONSTRAINT IF EXISTS warehouse_products_quantity_check;
ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_balance_check;
ALTER TABLE products DROP CONSTRAINT IF EXISTS products_stock_quantity_check;

-- A movement an invoice made names it (its cancellation's movements too).
ALTER TABLE stock_movements ADD COLUMN invoice_id bigint;
ALTER TABLE stock_movements ADD FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id);
CREATE INDEX stock_movements_invoice ON stock_movements (company_id, invoice_id) WHERE invoice_id IS NOT NULL;
