-- POS plugin, devices (issue 13; seeds 001 §2 /pos-devices, §3 company POS provider fields).
-- A POS device is a company's card terminal: its serial number, the provider its payments go
-- through (SANDBOX: the simulator this server serves; TOKENX: Token X Connect Cloud), the
-- provider credentials (app token, API key, user, password: sealed with the server's secret,
-- bound to company, device and field; never answered) and the POS bank account it settles into.
CREATE TABLE pos_devices (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  terminal_serial_no text NOT NULL CHECK (terminal_serial_no ~ '^[A-Za-z0-9-]{4,32}$'),
  provider text NOT NULL DEFAULT 'SANDBOX' CHECK (provider IN ('SANDBOX', 'TOKENX')),
  app_token_enc text,
  api_key_enc text,
  username text,
  password_enc text,
  -- A bank account of type POS of the company (accounting's bank_accounts; checked by the handler).
  bank_account_id bigint NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, bank_account_id) REFERENCES bank_accounts (company_id, id)
);
CREATE UNIQUE INDEX pos_devices_serial_key ON pos_devices (company_id, terminal_serial_no);

ALTER TABLE pos_devices ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_devices USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON pos_devices TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE pos_devices_id_seq TO tezgah_app;
