-- Quantities carry three decimals (2,125 kg; 0,750 lt; 12,345 m): UBL-TR's InvoicedQuantity,
-- DeliveredQuantity and OutstandingQuantity are decimals, and goods sold by weight, volume or
-- length are weighed and measured to the gram, millilitre and millimetre. Every unit takes them
-- (units have no whole-number rule). Money stays at two decimals: a line's amount is still
-- round2(quantity × unit price).
--
-- Only quantities widen: document lines (invoices and their warehouse split, orders and what was
-- invoiced of them, despatches with their later-sent quantity), stock (warehouse quantities, the
-- products' totals and minimum / maximum, movements with their balance, transfers) and the
-- monthly sums behind the reports. Existing values keep their digits (2.50 becomes 2.500).
--
-- No view reads these columns. The trigger that keeps invoice_line_months names
-- invoice_lines.quantity in its UPDATE OF list, and PostgreSQL refuses to change the type of a
-- column a trigger names, so the trigger is dropped and created again, unchanged, around it.
DROP TRIGGER invoice_line_months_line ON invoice_lines;

ALTER TABLE invoice_lines ALTER COLUMN quantity TYPE numeric(18, 3);
ALTER TABLE invoice_stock_lines ALTER COLUMN quantity TYPE numeric(18, 3);
ALTER TABLE invoice_line_months ALTER COLUMN quantity TYPE numeric(20, 3);

ALTER TABLE order_lines ALTER COLUMN quantity TYPE numeric(18, 3);
ALTER TABLE order_invoice_lines ALTER COLUMN quantity TYPE numeric(18, 3);

ALTER TABLE despatch_lines
  ALTER COLUMN quantity TYPE numeric(18, 3),
  ALTER COLUMN later_sent_quantity TYPE numeric(18, 3);

ALTER TABLE products
  ALTER COLUMN stock_quantity TYPE numeric(18, 3),
  ALTER COLUMN min_stock TYPE numeric(18, 3),
  ALTER COLUMN max_stock TYPE numeric(18, 3);
ALTER TABLE warehouse_products ALTER COLUMN quantity TYPE numeric(18, 3);
ALTER TABLE warehouse_transfers ALTER COLUMN quantity TYPE numeric(18, 3);
ALTER TABLE stock_movements
  ALTER COLUMN quantity TYPE numeric(18, 3),
  ALTER COLUMN balance TYPE numeric(18, 3);

CREATE TRIGGER invoice_line_months_line AFTER INSERT OR DELETE OR UPDATE OF product_id, quantity, tax_base, invoice_id ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_line_months_line();
