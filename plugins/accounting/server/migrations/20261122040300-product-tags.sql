-- Accounting: the tags of a product (tags come from 20261122020100-tags.sql). Deleting a tag takes
-- it off its products; deleting a product drops its links.
CREATE TABLE product_tags (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  product_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, product_id, tag_id),
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, tag_id) REFERENCES tags (company_id, id) ON DELETE CASCADE
);
CREATE INDEX product_tags_tag ON product_tags (company_id, tag_id, product_id);

ALTER TABLE product_tags ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON product_tags USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON product_tags TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE product_tags_id_seq TO tezgah_app;
