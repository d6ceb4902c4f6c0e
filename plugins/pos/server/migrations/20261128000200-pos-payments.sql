-- POS plugin, payments (issue 13; seeds 001 §3 POS payment and current POS payment, §4 POS
-- payment statuses). A POS payment is one card payment taken on a company's terminal: an
-- invoice's payment (method 'pos.device'), a sale without prescription, or a collection from a
-- current's open account (the "current POS payments" of the seeds). Its status follows the table
-- of allowed transitions in @tezgah/pos-common (POS_TRANSITIONS); every change is kept in
-- pos_payment_events. `change_seq` orders changes for the /pos-payment live feed.
CREATE SEQUENCE pos_payment_change_seq;

CREATE TABLE pos_payments (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  kind text NOT NULL CHECK (kind IN ('INVOICE', 'NON_PRESCRIPTION', 'OPEN_ACCOUNT')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ON_TERMINAL', 'INPROGRESS', 'CANCELLED', 'FAILED', 'SUCCESS', 'ABORTED',
    'SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCEL_FAILED', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS', 'UNKNOWN')),
  status_reason text,
  device_id bigint NOT NULL,
  -- The device's serial number when the payment was made (kept if the device is renamed or removed).
  terminal_serial_no text NOT NULL,
  bank_account_id bigint NOT NULL,
  total numeric(20, 2) NOT NULL CHECK (total > 0),
  current_id bigint,
  customer_name text,
  customer_tax_number text,
  customer_phone text,
  customer_email text,
  due_date date,
  payment_date date NOT NULL,
  document_no text NOT NULL,
  explanation text,
  -- What the terminal prints (name, quantity, unit price, KDV %): a sale without prescription's lines.
  items jsonb NOT NULL DEFAULT '[]',
  invoice_id bigint,
  invoice_payment_id bigint,
  -- The basket sent to the terminal (Token X basketID, a UUID v4); a new one for each sending and for the void.
  basket_id uuid,
  void_basket_id uuid,
  sent_at timestamptz,
  receipt_no text,
  z_no text,
  bank_response_code text,
  card_type text,
  masked_pan text,
  -- The collection's journal entry (NON_PRESCRIPTION, OPEN_ACCOUNT; an invoice's payment is posted by its invoice) and its reversal.
  entry_id bigint,
  reversal_entry_id bigint,
  change_seq bigint NOT NULL DEFAULT nextval('pos_payment_change_seq'),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, document_no),
  FOREIGN KEY (company_id, device_id) REFERENCES pos_devices (company_id, id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id),
  FOREIGN KEY (company_id, entry_id) REFERENCES journal_entries (company_id, id),
  FOREIGN KEY (company_id, reversal_entry_id) REFERENCES journal_entries (company_id, id),
  CHECK (kind <> 'INVOICE' OR invoice_id IS NOT NULL),
  CHECK (kind <> 'OPEN_ACCOUNT' OR current_id IS NOT NULL)
);
CREATE UNIQUE INDEX pos_payments_basket_key ON pos_payments (basket_id) WHERE basket_id IS NOT NULL;
CREATE UNIQUE INDEX pos_payments_void_basket_key ON pos_payments (void_basket_id) WHERE void_basket_id IS NOT NULL;
-- One POS payment per invoice payment: the invoice's event may be delivered twice.
CREATE UNIQUE INDEX pos_payments_invoice_payment_key ON pos_payments (company_id, invoice_payment_id) WHERE invoice_payment_id IS NOT NULL;
CREATE INDEX pos_payments_change ON pos_payments (company_id, change_seq);
CREATE INDEX pos_payments_status ON pos_payments (company_id, status);

CREATE TABLE pos_payment_events (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  payment_id bigint NOT NULL,
  from_status text,
  to_status text NOT NULL,
  -- USER (an update-status call), TERMINAL (a callback), POLL (the polling job), SYSTEM.
  source text NOT NULL,
  detail jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, payment_id) REFERENCES pos_payments (company_id, id) ON DELETE CASCADE
);
CREATE INDEX pos_payment_events_payment ON pos_payment_events (company_id, payment_id, id);

ALTER TABLE pos_payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_payments USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pos_payment_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_payment_events USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT USAGE, SELECT ON SEQUENCE pos_payment_change_seq TO tezgah_app;
