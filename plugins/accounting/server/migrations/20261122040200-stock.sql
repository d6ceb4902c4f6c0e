-- Accounting: stock. Current quantities per warehouse and product (warehouse_products), an
-- append-only ledger of every movement (stock_movements: the application role may only read and
-- add) and warehouse transfers. A movement, its warehouse quantity and the product's total are
-- written in one transaction under a row lock on the warehouse_products row.
CREATE TABLE warehouse_products (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  warehouse_id bigint NOT NULL,
  product_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, warehouse_id, product_id),
  FOREIGN KEY (company_id, warehouse_id) REFERENCES warehouses (company_id, id),
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id) ON DELETE CASCADE
);
CREATE INDEX warehouse_products_product ON warehouse_products (company_id, product_id);

ALTER TABLE warehouse_products ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON warehouse_products USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON warehouse_products TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE warehouse_products_id_seq TO tezgah_app;

CREATE TABLE warehouse_transfers (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  product_id bigint NOT NULL,
  outgoing_warehouse_id bigint NOT NULL,
  incoming_warehouse_id bigint NOT NULL,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  explanation text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CHECK (outgoing_warehouse_id <> incoming_warehouse_id),
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
  FOREIGN KEY (company_id, outgoing_warehouse_id) REFERENCES warehouses (company_id, id),
  FOREIGN KEY (company_id, incoming_warehouse_id) REFERENCES warehouses (company_id, id)
);
CREATE INDEX warehouse_transfers_product ON warehouse_transfers (company_id, product_id, id);
CREATE INDEX warehouse_transfers_outgoing ON warehouse_transfers (company_id, outgoing_warehouse_id, id);
CREATE INDEX warehouse_transfers_incoming ON warehouse_transfers (company_id, incoming_warehouse_id, id);

ALTER TABLE warehouse_transfers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON warehouse_transfers USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- History: read and add only (the schema's default privileges would also give UPDATE, DELETE).
REVOKE UPDATE, DELETE ON warehouse_transfers FROM tezgah_app;
GRANT SELECT, INSERT ON warehouse_transfers TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE warehouse_transfers_id_seq TO tezgah_app;

-- kind: OPENING (stock given with a new product), STOCK_UPDATE (a stock update with its reason),
-- TRANSFER_OUT / TRANSFER_IN; sales, purchases and despatches add their own kinds later.
CREATE TABLE stock_movements (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  warehouse_id bigint NOT NULL,
  product_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind ~ '^[A-Z][A-Z_]*$'),
  stock_type text NOT NULL CHECK (stock_type IN ('IN', 'OUT')),
  reason text,
  quantity numeric(18, 2) NOT NULL CHECK (quantity > 0),
  -- The warehouse's quantity of the product after this movement.
  balance numeric(18, 2) NOT NULL CHECK (balance >= 0),
  transfer_id bigint,
  explanation text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, warehouse_id) REFERENCES warehouses (company_id, id),
  FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
  FOREIGN KEY (company_id, transfer_id) REFERENCES warehouse_transfers (company_id, id)
);
CREATE INDEX stock_movements_product ON stock_movements (company_id, product_id, id);
CREATE INDEX stock_movements_warehouse ON stock_movements (company_id, warehouse_id, id);

ALTER TABLE stock_movements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON stock_movements USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- Append-only: no UPDATE or DELETE for the application (revoked from the schema's default privileges).
REVOKE UPDATE, DELETE ON stock_movements FROM tezgah_app;
GRANT SELECT, INSERT ON stock_movements TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE stock_movements_id_seq TO tezgah_app;
