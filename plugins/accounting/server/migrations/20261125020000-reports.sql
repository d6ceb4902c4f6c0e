-- Reports (issue 10): what posted invoice lines add up to per month, product and current, so a
-- year's profit by product or customer and the products' average purchase cost read a few
-- thousand sums instead of half a million lines (bench/reports.bench.ts). Derived data: kept by
-- the triggers below in the same transaction as the lines and the invoices' status, date, rate,
-- current or direction; the reports test checks it equals the lines.
CREATE TABLE invoice_line_months (
  company_id bigint NOT NULL REFERENCES companies (id),
  invoice_type text NOT NULL CHECK (invoice_type IN ('SALE', 'BUYING')),
  -- The first day of the invoice date's month.
  month date NOT NULL CHECK (extract(day from month) = 1),
  product_id bigint NOT NULL,
  current_id bigint NOT NULL,
  quantity numeric(20, 2) NOT NULL,
  -- The lines' tax base in lira (a foreign invoice's × its rate, rounded per line).
  amount numeric(20, 2) NOT NULL,
  PRIMARY KEY (company_id, invoice_type, month, product_id, current_id)
);

ALTER TABLE invoice_line_months ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON invoice_line_months USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON invoice_line_months FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_line_months TO tezgah_app;

-- Adds (sign 1) or takes away (sign -1) the lines of one posted invoice, as its header says.
CREATE FUNCTION invoice_line_months_apply(p_company bigint, p_invoice bigint, p_type text, p_date date, p_current bigint,
                                          p_currency integer, p_rate numeric, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
  SELECT p_company, p_type, date_trunc('month', p_date)::date, l.product_id, p_current, p_sign * sum(l.quantity),
         p_sign * sum(CASE WHEN p_currency = 1 THEN l.tax_base ELSE round(l.tax_base * p_rate, 2) END)
    FROM invoice_lines l WHERE l.company_id = p_company AND l.invoice_id = p_invoice
   GROUP BY l.product_id
  ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
  DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount
$$;

-- A line written, changed or removed while its invoice is posted.
CREATE FUNCTION invoice_line_months_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT invoice_type, status, invoice_date, current_id, currency_id, conversion_rate INTO i
      FROM invoices WHERE company_id = OLD.company_id AND id = OLD.invoice_id;
    IF FOUND AND i.status = 'POSTED' THEN
      INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
      VALUES (OLD.company_id, i.invoice_type, date_trunc('month', i.invoice_date)::date, OLD.product_id, i.current_id, -OLD.quantity,
              -(CASE WHEN i.currency_id = 1 THEN OLD.tax_base ELSE round(OLD.tax_base * i.conversion_rate, 2) END))
      ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
      DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT invoice_type, status, invoice_date, current_id, currency_id, conversion_rate INTO i
      FROM invoices WHERE company_id = NEW.company_id AND id = NEW.invoice_id;
    IF FOUND AND i.status = 'POSTED' THEN
      INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
      VALUES (NEW.company_id, i.invoice_type, date_trunc('month', i.invoice_date)::date, NEW.product_id, i.current_id, NEW.quantity,
              CASE WHEN i.currency_id = 1 THEN NEW.tax_base ELSE round(NEW.tax_base * i.conversion_rate, 2) END)
      ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
      DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_line_months_line AFTER INSERT OR DELETE OR UPDATE OF product_id, quantity, tax_base, invoice_id ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_line_months_line();

-- An invoice posted, cancelled, or moved to another date, rate, current or direction: its lines
-- leave the old sums and join the new ones.
CREATE FUNCTION invoice_line_months_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'POSTED' THEN
    PERFORM invoice_line_months_apply(OLD.company_id, OLD.id, OLD.invoice_type, OLD.invoice_date, OLD.current_id, OLD.currency_id, OLD.conversion_rate, -1);
  END IF;
  IF NEW.status = 'POSTED' THEN
    PERFORM invoice_line_months_apply(NEW.company_id, NEW.id, NEW.invoice_type, NEW.invoice_date, NEW.current_id, NEW.currency_id, NEW.conversion_rate, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER invoice_line_months_invoice AFTER UPDATE OF status, invoice_date, current_id, currency_id, conversion_rate, invoice_type ON invoices
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.invoice_date IS DISTINCT FROM NEW.invoice_date
                     OR OLD.current_id IS DISTINCT FROM NEW.current_id OR OLD.currency_id IS DISTINCT FROM NEW.currency_id
                     OR OLD.conversion_rate IS DISTINCT FROM NEW.conversion_rate OR OLD.invoice_type IS DISTINCT FROM NEW.invoice_type)
  EXECUTE FUNCTION invoice_line_months_invoice();

-- A posted invoice removed (its lines go by cascade, after it): its lines leave the sums first.
CREATE FUNCTION invoice_line_months_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'POSTED' THEN
    PERFORM invoice_line_months_apply(OLD.company_id, OLD.id, OLD.invoice_type, OLD.invoice_date, OLD.current_id, OLD.currency_id, OLD.conversion_rate, -1);
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER invoice_line_months_removed BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_line_months_removed();

-- What is already posted.
INSERT INTO invoice_line_months (company_id, invoice_type, month, product_id, current_id, quantity, amount)
SELECT i.company_id, i.invoice_type, date_trunc('month', i.invoice_date)::date, l.product_id, i.current_id, sum(l.quantity),
       sum(CASE WHEN i.currency_id = 1 THEN l.tax_base ELSE round(l.tax_base * i.conversion_rate, 2) END)
  FROM invoice_lines l JOIN invoices i ON i.company_id = l.company_id AND i.id = l.invoice_id
 WHERE i.status = 'POSTED'
 GROUP BY 1, 2, 3, 4, 5;
