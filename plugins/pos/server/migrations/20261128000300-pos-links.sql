-- POS plugin, payment links (virtual payments; issue 13 "Payment links"; seeds 001 §3 virtual
-- payment, §7 virtual-payments, POST virtual-payments/create → paymentUrl).
--
-- pos_link_settings: a company's payment-page merchant account (PayTR-shaped: merchant id, key
-- and salt; key and salt sealed with the server's secret, bound to company and field, never
-- answered), the adapter (the sandbox this server serves under /sandbox/pos/pay, or the live
-- provider), and the bank account (type ONLINE_PAYMENT) a paid link's money goes to.
CREATE TABLE pos_link_settings (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'live')),
  merchant_id text,
  merchant_key_enc text,
  merchant_salt_enc text,
  bank_account_id bigint,
  max_installment integer NOT NULL DEFAULT 1 CHECK (max_installment BETWEEN 1 AND 12),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A payment link sent to a current (a customer): CREATED (link made at the provider), PAID (the
-- provider's success callback arrived and verified; the collection was posted once, source
-- VIRTUAL_PAYMENT), EXPIRED (its expiry passed unpaid), CANCELLED (deleted at the provider).
CREATE TABLE pos_virtual_payments (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  current_id bigint NOT NULL,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'TL',
  description text NOT NULL,
  email text,
  phone text,
  expiry timestamptz,
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'PAID', 'EXPIRED', 'CANCELLED')),
  -- The provider's link id and address (PayTR: id "NB2Zlz3", link https://www.paytr.com/link/NB2Zlz3).
  provider_id text,
  payment_url text,
  -- The callback id we gave the provider: '<company id>C<link id>' (letters and digits only, PayTR's rule).
  callback_id text NOT NULL,
  -- The provider's order id of the payment that paid it (deduplicates the callback's retries).
  merchant_oid text,
  paid_amount numeric(18, 2),
  payment_type text,
  paid_at timestamptz,
  entry_id bigint,
  post_error text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, merchant_oid)
);
CREATE INDEX pos_virtual_payments_current ON pos_virtual_payments (company_id, current_id);

ALTER TABLE pos_link_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_link_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pos_virtual_payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_virtual_payments USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
