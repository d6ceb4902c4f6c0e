-- Accounting: price lists (fiyat listeleri). A list is for sales or for buying; it holds products,
-- each with its price without tax, a discount rate and the discounted price, and it is linked to
-- the customers (sale lists) or suppliers (buying lists) it applies to. Tenant tables: company_id
-- in every key, so a list can hold only its own company's products and currents.
CREATE TABLE price_lists (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  type text NOT NULL CHECK (type IN ('SALE', 'BUYING')),
  explanation text,
  active boolean NOT NULL DEFAULT true,
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_date timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX price_lists_name_key ON price_lists (company_id, type, lower(name));

ALTER TABLE price_lists ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON price_lists USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON price_lists TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE price_lists_id_seq TO tezgah_app;

CREATE TABLE price_list_products (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  price_list_id bigint NOT NULL,
  product_id bigint NOT NULL,
  -- Unit price without tax, above zero.
  price numeric(18, 8) NOT NULL CHECK (price > 0),
  discount_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_rate >= 0 AND discount_rate <= 100),
  -- price × (1 − discount_rate / 100), kept with them.
  discounted_price numeric(18, 8) NOT NULL CHECK (discounted_price >= 0),
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_date timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  -- 'Selected product exists in the list'
  UNIQUE (company_id, price_list_id, product_id),
  FOREIGN KEY (company_id, price_list_id) REFERENCES price_lists (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id) ON DELETE CASCADE
);
CREATE INDEX price_list_products_product ON price_list_products (company_id, product_id);

ALTER TABLE price_list_products ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON price_list_products USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON price_list_products TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE price_list_products_id_seq TO tezgah_app;

-- The customers (sale lists) or suppliers (buying lists) a list applies to.
CREATE TABLE price_list_currents (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  price_list_id bigint NOT NULL,
  current_id bigint NOT NULL,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, price_list_id, current_id),
  FOREIGN KEY (company_id, price_list_id) REFERENCES price_lists (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id) ON DELETE CASCADE
);
CREATE INDEX price_list_currents_current ON price_list_currents (company_id, current_id);

ALTER TABLE price_list_currents ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON price_list_currents USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON price_list_currents TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE price_list_currents_id_seq TO tezgah_app;
