-- A payment taken with an invoice that did not happen after all (a card payment voided on the
-- POS device): the row stays, marked void, its posting reversed (void_entry_id), and the invoice
-- owes the amount again. Never deleted: the books keep what was recorded and its correction.
ALTER TABLE invoice_payments ADD COLUMN voided_at timestamptz;
ALTER TABLE invoice_payments ADD COLUMN void_reason text;
ALTER TABLE invoice_payments ADD COLUMN void_entry_id bigint;
