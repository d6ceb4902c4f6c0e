-- Server events are durable (issue 10, before the e-document and POS plugins depend on them): an
-- event emitted by a request is written here, one row per listening plugin, in the request's own
-- transaction, so it exists exactly when what it announces was committed. The server delivers it
-- right after the commit; a listener that failed (or a server that died before delivering) is
-- retried by the kernel's `kernel.events.deliver` job with backoff, at least once in all, until it
-- succeeds or gives up (FAILED, kept for the support engineer).
CREATE TABLE event_deliveries (
  id bigserial PRIMARY KEY,
  -- One event, many listeners: the same event_id on each listener's row, given to the listener
  -- so it can recognise a repeated delivery.
  event_id uuid NOT NULL,
  name text NOT NULL,
  listener text NOT NULL,
  company_id integer,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Set while a server runs the listener: another server's sweep leaves the row alone until then.
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX event_deliveries_due ON event_deliveries (next_attempt_at, id) WHERE status = 'PENDING';
CREATE INDEX event_deliveries_event ON event_deliveries (event_id);
