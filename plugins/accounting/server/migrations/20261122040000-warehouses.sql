-- Accounting: warehouses. Tenant table; exactly one default warehouse per company (the partial
-- unique index allows at most one, the handlers never leave a company without one).
CREATE TABLE warehouses (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  address text,
  main boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX warehouses_name_key ON warehouses (company_id, lower(name));
CREATE UNIQUE INDEX warehouses_default_key ON warehouses (company_id) WHERE is_default;

ALTER TABLE warehouses ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON warehouses USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON warehouses TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE warehouses_id_seq TO tezgah_app;
