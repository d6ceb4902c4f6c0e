-- Accounting: current accounts (customers/patients, suppliers, personnel, partners) and their main
-- accounts in the uniform chart (120 Alıcılar, 320 Satıcılar, 335 Personele Borçlar, 331 Ortaklara
-- Borçlar, ...). Tenant tables: company_id in their keys, a row policy per company.
CREATE TABLE currents (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  type text NOT NULL CHECK (type IN ('CUSTOMER', 'SUPPLIER', 'PERSONNEL', 'PARTNER')),
  name text NOT NULL CHECK (btrim(name) <> ''),
  last_name text,
  title text,
  gender text CHECK (gender IN ('MALE', 'FEMALE')),
  birthday date,
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  phone text,
  fax text,
  email text,
  web_address text,
  contact_person text,
  address text,
  country_id integer REFERENCES countries (id),
  city_id integer REFERENCES cities (id),
  city_subdivision_id integer REFERENCES city_subdivisions (id),
  postcode text,
  tax_number text CHECK (tax_number ~ '^[0-9]{10,11}$'),
  tax_office_id integer REFERENCES tax_offices (id),
  iban text CHECK (iban ~ '^TR[0-9]{2}[0-9A-Z]{22}$'),
  account_group_code text NOT NULL REFERENCES chart_accounts (code),
  patient_type text CHECK (patient_type IN ('BY_SALARY', 'BY_HAND')),
  partner_type text CHECK (partner_type IN ('INDIVIDUAL', 'CORPORATE')),
  share_percentage numeric(5,2) CHECK (share_percentage BETWEEN 0 AND 100),
  capital numeric(18,2) CHECK (capital >= 0),
  active boolean NOT NULL DEFAULT true,
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_date timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  -- Partners carry a partner type, share and capital; the others none.
  CHECK ((type = 'PARTNER') = (partner_type IS NOT NULL)),
  CHECK (type = 'CUSTOMER' OR patient_type IS NULL)
);
-- One current per type and tax/national ID: a re-sent import updates instead of duplicating.
CREATE UNIQUE INDEX currents_tax_number_key ON currents (company_id, type, tax_number) WHERE tax_number IS NOT NULL;
CREATE INDEX currents_type_name ON currents (company_id, type, lower(name));

ALTER TABLE currents ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON currents USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON currents TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE currents_id_seq TO tezgah_app;

CREATE TABLE current_main_accounts (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  current_id bigint NOT NULL,
  account_code text NOT NULL REFERENCES chart_accounts (code),
  currency_id integer NOT NULL REFERENCES currencies (id),
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, current_id, account_code, currency_id),
  FOREIGN KEY (company_id, current_id) REFERENCES currents (company_id, id) ON DELETE CASCADE
);

ALTER TABLE current_main_accounts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON current_main_accounts USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON current_main_accounts TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE current_main_accounts_id_seq TO tezgah_app;
