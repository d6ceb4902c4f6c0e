-- Accounting: tags with one of the nine colours of seeds §3 (the names of the UI's preset tag
-- colours). A tenant table: company_id in its keys, a row policy per company.
CREATE TABLE tags (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 50),
  color text NOT NULL DEFAULT 'blue' CHECK (color IN ('blue', 'red', 'orange', 'green', 'magenta', 'purple', 'gold', 'lime', 'cyan')),
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX tags_name_key ON tags (company_id, lower(name));

ALTER TABLE tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON tags USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON tags TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE tags_id_seq TO tezgah_app;
