-- A sales return left on the customer's account (nothing paid back at once) settles what the
-- customer still owes on the invoice it returns: its amount is set off against that invoice's open
-- dues, oldest first (TBK 139 ff., takas; the seeds' "payments settle the oldest dues first"). The
-- mirror for a purchase return against what the company owes its supplier. Such a settlement is a
-- payment line whose source is the return instead of a money transaction; cancelling the return
-- takes it back and the dues open again.
ALTER TABLE invoice_payment_lines ALTER COLUMN transaction_id DROP NOT NULL;
ALTER TABLE invoice_payment_lines ADD COLUMN return_invoice_id bigint;
ALTER TABLE invoice_payment_lines ADD CONSTRAINT invoice_payment_lines_one_source CHECK ((transaction_id IS NULL) <> (return_invoice_id IS NULL));
ALTER TABLE invoice_payment_lines ADD CONSTRAINT invoice_payment_lines_return_fk FOREIGN KEY (company_id, return_invoice_id) REFERENCES invoices (company_id, id);
CREATE INDEX invoice_payment_lines_return ON invoice_payment_lines (company_id, return_invoice_id) WHERE return_invoice_id IS NOT NULL;
