-- Accounting: the method an inline payment was taken by, when another plugin contributed it to
-- the extension point accounting.invoice.paymentMethods (issue 9; e.g. 'pos.device'). The payment
-- still settles and posts as its payment_type; the method tells the contributing plugin it is
-- its own to act on.
ALTER TABLE invoice_payments ADD COLUMN method text CHECK (method ~ '^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$' AND length(method) <= 64);
