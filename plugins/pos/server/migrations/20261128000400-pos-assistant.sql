-- POS plugin, the desktop assistant and connectors (issue 13; seeds 001 §2 /kolay-asistan, §3
-- assistant record, connector setting, §6 modules 28 KOLAY_ASISTAN, 32 connector, 33 mobile,
-- §7 CRUD kolay-asistans and connector-settings, DELETE connector-settings-and-pos-assistant/{id},
-- GET connector/getLastVersion/kolay_asistan; seed 000 §9 database types).
--
-- pos_assistants: a desktop assistant (Kolay Asistan) installed on one of the company's
-- computers; its local API answers on port 10999 of that machine.
CREATE TABLE pos_assistants (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  device_id text NOT NULL,
  host text NOT NULL DEFAULT '127.0.0.1',
  port integer NOT NULL DEFAULT 10999 CHECK (port BETWEEN 1 AND 65535),
  version text,
  mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'live')),
  active boolean NOT NULL DEFAULT true,
  last_seen_at timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, device_id)
);

-- pos_connector_settings: how an assistant reads the pharmacy software's database (vendor,
-- database type, host, port, database, user, password sealed), optionally tied to an assistant.
CREATE TABLE pos_connector_settings (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  assistant_id bigint,
  vendor text NOT NULL,
  database_type text NOT NULL CHECK (database_type IN ('MSSQL', 'POSTGRESQL', 'ORACLE')),
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  database_name text NOT NULL,
  username text NOT NULL,
  password_enc text,
  active boolean NOT NULL DEFAULT true,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, assistant_id) REFERENCES pos_assistants (company_id, id) ON DELETE SET NULL (assistant_id)
);

ALTER TABLE pos_assistants ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_assistants USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pos_connector_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pos_connector_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
