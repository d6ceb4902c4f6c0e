-- Idempotency keys: a client that sends a writing request with an `Idempotency-Key` header may
-- send it again (a lost answer, a killed server, a double click) and gets the first result
-- instead of a second document. One row per company and key, written in the request's own
-- transaction, so it exists exactly when the write it stands for was committed; a request that
-- failed leaves no row and may be retried. The unique key makes parallel requests with one key
-- wait for the first and then answer its result. Kept 24 hours (kernel.idempotency.sweep).
CREATE TABLE idempotency_keys (
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  user_id integer,
  operation_id text NOT NULL,
  -- sha-256 of the operation, its path parameters, query and body: the same key with another
  -- request is refused (422), never answered with the first one's result.
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON idempotency_keys USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO tezgah_app;
