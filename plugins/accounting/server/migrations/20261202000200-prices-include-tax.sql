-- An invoice whose unit prices were entered tax-inclusive (KDV dahil): the lines' unit_price is
-- the price as entered and their figures were derived from the inclusive amount (@tezgah/core
-- computeInvoice, pricesIncludeTax), so an edit computes it the same way again.
ALTER TABLE invoices ADD COLUMN prices_include_tax boolean NOT NULL DEFAULT false;
