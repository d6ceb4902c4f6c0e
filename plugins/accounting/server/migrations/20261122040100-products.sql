-- Accounting: products and services, their main accounts (STOCK / SALES_INTERNAL, created with
-- the product) and a per-company product counter kept by triggers in the writing transaction, so
-- the unfiltered list total never counts a million rows.
CREATE TABLE products (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  explanation text,
  barcode text NOT NULL CHECK (btrim(barcode) <> ''),
  product_type text NOT NULL CHECK (product_type IN (
    'COMMERCIAL_GOODS', 'SERVICE_GIVEN', 'SERVICE_TAKEN', 'RAW_MATERIAL', 'SEMI_PRODUCT', 'END_PRODUCT', 'FIXTURE',
    'MEDICINE', 'INTERMEDIATE_PRODUCT', 'COSMETIC', 'PARENTERAL_SOLUTION', 'ENTERAL_NUTRITION', 'BABY_FORMULA',
    'ORAL_MEDICAL_NUTRITION', 'IRRIGATION_SOLUTION', 'NUTRITION_SUPPORT', 'PARENTERAL_NUTRITION', 'MEDICINE_LIKE',
    'OTC', 'MEDICAL_PRODUCT', 'KIT', 'PRODUCT_GROUP', 'GENERAL_PRODUCT')),
  unit_id bigint NOT NULL,
  buying_price numeric(18, 8) CHECK (buying_price >= 0),
  buying_currency_id integer NOT NULL REFERENCES currencies (id),
  sale_price numeric(18, 8) CHECK (sale_price >= 0),
  sale_currency_id integer NOT NULL REFERENCES currencies (id),
  tax_id bigint NOT NULL,
  -- The warehouse the product's stock is kept in by default; null for services.
  warehouse_id bigint,
  medicine_price_id bigint,
  serial_number text,
  qr_tracking boolean NOT NULL DEFAULT false,
  min_stock numeric(18, 2) CHECK (min_stock >= 0),
  max_stock numeric(18, 2) CHECK (max_stock >= 0),
  -- Sum of the product's warehouse quantities, kept with them in the same transaction.
  stock_quantity numeric(18, 2) NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PASSIVE')),
  prescription_type text CHECK (prescription_type IN ('NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CHECK (min_stock IS NULL OR max_stock IS NULL OR min_stock <= max_stock),
  FOREIGN KEY (company_id, unit_id) REFERENCES units (company_id, id),
  FOREIGN KEY (company_id, tax_id) REFERENCES taxes (company_id, id),
  FOREIGN KEY (company_id, warehouse_id) REFERENCES warehouses (company_id, id)
);
CREATE UNIQUE INDEX products_barcode_key ON products (company_id, barcode);
CREATE INDEX products_name ON products (company_id, lower(name), id);
CREATE INDEX products_type ON products (company_id, product_type, id);
CREATE INDEX products_below_minimum ON products (company_id, id) WHERE min_stock IS NOT NULL AND stock_quantity <= min_stock;

ALTER TABLE products ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON products USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON products TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE products_id_seq TO tezgah_app;

-- The accounts a product books to (Tekdüzen Hesap Planı): STOCK (purchase / stock, e.g. 153
-- Ticari Mallar) and SALES_INTERNAL (domestic sales, 600 Yurtiçi Satışlar), accounts of the
-- uniform chart (chart_accounts, 20261122030000-lookups.sql). The codes come only from the
-- server's product catalogue, whose test checks them against chart_accounts; no foreign key, so a
-- bulk import does not pay two more lookups per product.
CREATE TABLE product_main_accounts (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  product_id bigint NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('STOCK', 'SALES_INTERNAL')),
  account_code text NOT NULL,
  account_name text NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, product_id, account_type),
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id) ON DELETE CASCADE
);

ALTER TABLE product_main_accounts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON product_main_accounts USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON product_main_accounts TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE product_main_accounts_id_seq TO tezgah_app;

CREATE TABLE product_counters (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  products bigint NOT NULL DEFAULT 0 CHECK (products >= 0)
);
ALTER TABLE product_counters ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON product_counters USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE DELETE ON product_counters FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON product_counters TO tezgah_app;

-- Statement-level, over the transition tables: one counter update per statement, however many
-- rows it wrote (a bulk upsert of 1000 rows touches the counter once).
CREATE FUNCTION products_counter_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counters AS c (company_id, products)
    SELECT company_id, count(*) FROM inserted_products GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END $$;
CREATE FUNCTION products_counter_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counters c SET products = c.products - d.n
    FROM (SELECT company_id, count(*) AS n FROM deleted_products GROUP BY company_id) d
   WHERE c.company_id = d.company_id;
  RETURN NULL;
END $$;
CREATE TRIGGER products_counted_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION products_counter_insert();
CREATE TRIGGER products_counted_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products FOR EACH STATEMENT EXECUTE FUNCTION products_counter_delete();
