-- Pharmacy plugin, tracking area (issue 12): the outbox of the drug- and device-tracking
-- notifications that must not be lost (İTS sale, sale cancel and acceptance; ÜTS hand-over to the
-- consumer). A row is written in the same transaction as the box moves it reports, so it exists
-- exactly when they were committed; the `pharmacy.tracking.deliver` job (every minute, and kicked
-- right after the commit) hands it to İTS / ÜTS with retries and backoff. A person sees what waits
-- (GET /its/outbox) and may send a row again (POST /its/outbox/{id}/retry).
CREATE TABLE pharmacy_tracking_outbox (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  system text NOT NULL CHECK (system IN ('ITS', 'UTS')),
  kind text NOT NULL CHECK (kind IN ('ITS_SALE', 'ITS_SALE_CANCEL', 'ITS_ACCEPT', 'UTS_HANDOVER')),
  -- The request body as it goes to İTS / ÜTS (the İTS username-derived `fr` is filled at delivery
  -- when the company had none at the time).
  payload jsonb NOT NULL,
  -- The boxes the notification reports (pharmacy_boxes ids), to write İTS's answer on each.
  box_ids jsonb NOT NULL DEFAULT '[]',
  -- What it belongs to: the invoice, the prescription, the receipt.
  invoice_id bigint,
  recete_id bigint,
  ref text,
  state text NOT NULL DEFAULT 'WAITING' CHECK (state IN ('WAITING', 'SENT', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  -- İTS's / ÜTS's answer per product of the last attempt.
  result jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE INDEX pharmacy_tracking_outbox_due ON pharmacy_tracking_outbox (next_attempt_at, id) WHERE state = 'WAITING';
CREATE INDEX pharmacy_tracking_outbox_list ON pharmacy_tracking_outbox (company_id, state, id);
CREATE INDEX pharmacy_tracking_outbox_invoice ON pharmacy_tracking_outbox (company_id, invoice_id) WHERE invoice_id IS NOT NULL;

ALTER TABLE pharmacy_tracking_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_tracking_outbox USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
