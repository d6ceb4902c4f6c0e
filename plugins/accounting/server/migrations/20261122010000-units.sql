-- Accounting: units of measure. A tenant table: company_id in its keys, a row policy per company.
CREATE TABLE units (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL,
  code text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX units_name_key ON units (company_id, lower(name));

ALTER TABLE units ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON units USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON units TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE units_id_seq TO tezgah_app;
