-- POS plugin: card refunds (iade) of POS payments. A sales return of an invoice paid by a POS
-- payment and refunded back to the card (the return's refund taken from that payment's POS bank
-- account) is recorded here against the payment, in the return's transaction (the accounting
-- plugin's extension point accounting.invoice.returning). Token X's public documents describe a
-- whole-sale void (a basket marked isVoid) and no partial refund, so nothing is sent to the
-- terminal: the row says how much of the payment was given back, by which return, and the card
-- refund itself is made on the terminal's bank menu. The live (RECORDED) refunds of a payment
-- never add up to more than its total; cancelling the return cancels its refunds.
CREATE TABLE pos_payment_refunds (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  payment_id bigint NOT NULL,
  amount numeric(20, 2) NOT NULL CHECK (amount > 0),
  -- The accounting plugin's return invoice (SALE_RETURN) that paid it back.
  return_invoice_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'RECORDED' CHECK (status IN ('RECORDED', 'CANCELLED')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by text,
  cancelled_at timestamptz,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, payment_id) REFERENCES pos_payments (company_id, id)
);
CREATE INDEX pos_payment_refunds_payment ON pos_payment_refunds (company_id, payment_id);
CREATE INDEX pos_payment_refunds_return ON pos_payment_refunds (company_id, return_invoice_id);

ALTER TABLE pos_payment_refunds ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_payment_refunds USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
