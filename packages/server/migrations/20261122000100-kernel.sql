-- The kernel: identity, tenancy, roles and authorities, audit trail, message outbox.
-- Tenant tables carry company_id in their keys and foreign keys, and row-level security
-- policies keyed by the transaction's tezgah.company_id setting; requests run them as the
-- non-superuser role tezgah_app (SET LOCAL ROLE), so the policies hold even if a query forgets
-- its company filter.

DO $$ BEGIN
  CREATE ROLE tezgah_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

CREATE FUNCTION tezgah_company_id() RETURNS bigint LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('tezgah.company_id', true), '')::bigint $$;

CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE sectors (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE modules (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE actions (
  id integer PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE currencies (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  symbol text
);

CREATE TABLE companies (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  title text,
  company_type text NOT NULL CHECK (company_type IN ('INDIVIDUAL', 'CORPORATION')),
  tax_number text NOT NULL,
  tax_office text,
  email text,
  phone text,
  mersis_no text,
  sector_id integer NOT NULL REFERENCES sectors (id),
  erp_type text,
  invoice_prefix text,
  modules integer[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  subscription_start date,
  subscription_end date,
  user_count integer,
  activation_date date,
  coordinating_user text,
  its_username text,
  active boolean NOT NULL DEFAULT true,
  owner_id bigint,
  created_by text,
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_by text,
  last_modified_date timestamptz
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  login text NOT NULL,
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text,
  image_url text,
  lang_key text NOT NULL DEFAULT 'tr',
  activated boolean NOT NULL DEFAULT false,
  default_company_id bigint REFERENCES companies (id),
  created_by text,
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_by text,
  last_modified_date timestamptz
);
CREATE UNIQUE INDEX users_login_key ON users (lower(login));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

ALTER TABLE companies ADD CONSTRAINT companies_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id);

-- Membership: which users belong to which company. Read across companies at sign-in and by
-- management, so it is guarded by the repositories, not by a row policy.
CREATE TABLE user_companies (
  company_id bigint NOT NULL REFERENCES companies (id),
  user_id bigint NOT NULL REFERENCES users (id),
  is_primary boolean NOT NULL DEFAULT false,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX user_companies_user ON user_companies (user_id);

-- Tenant tables -------------------------------------------------------------------------------
CREATE TABLE roles (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL,
  fixed boolean NOT NULL DEFAULT false,
  all_companies boolean NOT NULL DEFAULT false,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX roles_name_key ON roles (company_id, lower(name));

CREATE TABLE role_authorities (
  company_id bigint NOT NULL,
  role_id bigint NOT NULL,
  module_id integer NOT NULL REFERENCES modules (id),
  action_id integer NOT NULL REFERENCES actions (id),
  PRIMARY KEY (company_id, role_id, module_id, action_id),
  FOREIGN KEY (company_id, role_id) REFERENCES roles (company_id, id) ON DELETE CASCADE
);

CREATE TABLE user_roles (
  company_id bigint NOT NULL,
  user_id bigint NOT NULL,
  role_id bigint NOT NULL,
  PRIMARY KEY (company_id, user_id, role_id),
  FOREIGN KEY (company_id, user_id) REFERENCES user_companies (company_id, user_id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, role_id) REFERENCES roles (company_id, id)
);
CREATE INDEX user_roles_user ON user_roles (user_id);

CREATE TABLE taxes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL,
  tax_type text NOT NULL DEFAULT 'KDV',
  percentage numeric(5, 2) NOT NULL,
  exception_code text,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, tax_type, percentage)
);

-- Sessions, one-time keys, throttling -----------------------------------------------------------
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  actor_id bigint REFERENCES users (id),
  previous_session_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE user_keys (
  key_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('ACTIVATION', 'RESET', 'INVITE')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_keys_user ON user_keys (user_id, purpose);

CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);

-- Audit and outbox ------------------------------------------------------------------------------
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  company_id bigint,
  user_id bigint,
  user_login text,
  actor_id bigint,
  actor_login text,
  action text NOT NULL,
  entity text,
  entity_id text,
  ip text,
  detail jsonb
);
CREATE INDEX audit_events_company ON audit_events (company_id, id DESC);
CREATE INDEX audit_events_login ON audit_events (user_login, id DESC);

CREATE TABLE outbox_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('MAIL', 'SMS')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX outbox_messages_recipient ON outbox_messages (recipient, id DESC);

-- Row-level security on tenant tables -------------------------------------------------------------
ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON roles USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE role_authorities ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON role_authorities USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON user_roles USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE taxes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON taxes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());

GRANT USAGE ON SCHEMA public TO tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tezgah_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tezgah_app;
-- Tables that later migrations create get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tezgah_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tezgah_app;
-- A non-superuser owner needs membership to SET ROLE.
DO $$ BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT tezgah_app TO %I', current_user);
  END IF;
END $$;
