-- An invoice line's warehouses are read by their line (the invoice's view, its PDF and UBL, an edit
-- or a return that takes them back), and deleting a line removes them through the foreign key. With
-- no index leading on the line, each such read scanned every stock line of the company: an
-- invoice's answer grew slower with every invoice the company had made.
CREATE INDEX invoice_stock_lines_line ON invoice_stock_lines (company_id, line_id);
