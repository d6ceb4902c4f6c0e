-- Returns (iade) as invoices of their own kind, each made from the invoice it returns:
--   SALE_RETURN    satıştan iade: goods a customer brings back. The document is the buyer's (its
--                  return invoice, or for a consumer the return slip): its number is optional and
--                  kept as given, like a purchase's.
--   BUYING_RETURN  alıştan iade: goods the company sends back to its supplier. The company issues
--                  the return invoice, so it is numbered from the company's own sales series (one
--                  number space with the sales) and goes out as an IADE e-document.
-- A return line names the original line it returns; the quantities returned of a line never pass
-- what the line sold or bought (checked under the original's row lock).
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'invoices'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%invoice_type%'
  LOOP
    EXECUTE format('ALTER TABLE invoices DROP CONSTRAINT %I', c.conname);
  END LOOP;
END $$;

ALTER TABLE invoices ADD COLUMN returns_invoice_id bigint;
ALTER TABLE invoices ADD CONSTRAINT invoices_type_known CHECK (invoice_type IN ('SALE', 'BUYING', 'SALE_RETURN', 'BUYING_RETURN'));
ALTER TABLE invoices ADD CONSTRAINT invoices_outgoing_numbered
  CHECK (invoice_type NOT IN ('SALE', 'BUYING_RETURN') OR status = 'DRAFT' OR (document_no IS NOT NULL AND series IS NOT NULL AND sequence_no IS NOT NULL));
ALTER TABLE invoices ADD CONSTRAINT invoices_return_names_original
  CHECK ((invoice_type IN ('SALE_RETURN', 'BUYING_RETURN')) = (returns_invoice_id IS NOT NULL));
ALTER TABLE invoices ADD CONSTRAINT invoices_returns_fk FOREIGN KEY (company_id, returns_invoice_id) REFERENCES invoices (company_id, id);
CREATE INDEX invoices_returns ON invoices (company_id, returns_invoice_id) WHERE returns_invoice_id IS NOT NULL;

-- The company's own numbers (sales and purchase returns) are one space.
DROP INDEX invoices_sale_no;
CREATE UNIQUE INDEX invoices_sale_no ON invoices (company_id, document_no) WHERE invoice_type IN ('SALE', 'BUYING_RETURN') AND document_no IS NOT NULL;
CREATE UNIQUE INDEX invoices_sale_return_no ON invoices (company_id, current_id, document_no)
  WHERE invoice_type = 'SALE_RETURN' AND document_no IS NOT NULL AND status <> 'CANCELLED';

ALTER TABLE invoice_lines ADD COLUMN returns_line_id bigint;
ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_returns_fk FOREIGN KEY (company_id, returns_line_id) REFERENCES invoice_lines (company_id, id);
CREATE INDEX invoice_lines_returns ON invoice_lines (company_id, returns_line_id) WHERE returns_line_id IS NOT NULL;

-- The monthly sums behind the profit and cost reports count a return against its direction: a
-- sales return takes its quantity and amount off the sales of its month, a purchase return off
-- the purchases (so the average purchase cost is what the goods kept cost).
CREATE OR REPLACE FUNCTION invoice_line_months_apply(p_company bigint, p_invoice bigint, p_type text, p_date date, p_current bigint,
                                                     p_currency integer, p_rate numeric, p_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
  SELECT p_company, CASE p_type WHEN 'SALE_RETURN' THEN 'SALE' WHEN 'BUYING_RETURN' THEN 'BUYING' ELSE p_type END,
         date_trunc('month', p_date)::date, l.product_id, p_current,
         p_sign * (CASE WHEN p_type LIKE '%\_RETURN' THEN -1 ELSE 1 END) * sum(l.quantity),
         p_sign * (CASE WHEN p_type LIKE '%\_RETURN' THEN -1 ELSE 1 END) * sum(CASE WHEN p_currency = 1 THEN l.tax_base ELSE round(l.tax_base * p_rate, 2) END)
    FROM invoice_lines l WHERE l.company_id = p_company AND l.invoice_id = p_invoice
   GROUP BY l.product_id
  ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
  DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount
$$;

CREATE OR REPLACE FUNCTION invoice_line_months_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
  s integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT invoice_type, status, invoice_date, current_id, currency_id, conversion_rate INTO i
      FROM invoices WHERE company_id = OLD.company_id AND id = OLD.invoice_id;
    IF FOUND AND i.status = 'POSTED' THEN
      s := CASE WHEN i.invoice_type LIKE '%\_RETURN' THEN -1 ELSE 1 END;
      INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
      VALUES (OLD.company_id, replace(i.invoice_type, '_RETURN', ''), date_trunc('month', i.invoice_date)::date, OLD.product_id, i.current_id, -s * OLD.quantity,
              -s * (CASE WHEN i.currency_id = 1 THEN OLD.tax_base ELSE round(OLD.tax_base * i.conversion_rate, 2) END))
      ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
      DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT invoice_type, status, invoice_date, current_id, currency_id, conversion_rate INTO i
      FROM invoices WHERE company_id = NEW.company_id AND id = NEW.invoice_id;
    IF FOUND AND i.status = 'POSTED' THEN
      s := CASE WHEN i.invoice_type LIKE '%\_RETURN' THEN -1 ELSE 1 END;
      INSERT INTO invoice_line_months AS m (company_id, invoice_type, month, product_id, current_id, quantity, amount)
      VALUES (NEW.company_id, replace(i.invoice_type, '_RETURN', ''), date_trunc('month', i.invoice_date)::date, NEW.product_id, i.current_id, s * NEW.quantity,
              s * (CASE WHEN i.currency_id = 1 THEN NEW.tax_base ELSE round(NEW.tax_base * i.conversion_rate, 2) END))
      ON CONFLICT (company_id, invoice_type, month, product_id, current_id)
      DO UPDATE SET quantity = m.quantity + excluded.quantity, amount = m.amount + excluded.amount;
    END IF;
  END IF;
  RETURN NULL;
END $$;
