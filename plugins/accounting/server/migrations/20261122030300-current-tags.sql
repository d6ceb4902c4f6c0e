-- Accounting: the tags of a current account (tags come from 20261122020100-tags.sql). Deleting a
-- tag takes it off its currents; deleting a current drops its links.
CREATE TABLE current_tags (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  current_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, current_id, tag_id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tag_id) REFERENCES tags (company_id, id) ON DELETE CASCADE
);
CREATE INDEX current_tags_tag ON current_tags (company_id, tag_id, current_id);

ALTER TABLE current_tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON current_tags USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON current_tags TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE current_tags_id_seq TO tezgah_app;
