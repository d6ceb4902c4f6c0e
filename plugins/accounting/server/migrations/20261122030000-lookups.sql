-- Accounting: global reference tables (no company_id, no row policy): countries, cities (il),
-- city subdivisions (ilçe), tax offices (vergi dairesi) and the uniform chart of accounts
-- (Tekdüzen Hesap Planı). Their rows come from seed-data/ through the generated migration that
-- follows (20261122030100-lookups-data.sql). Requests may read them, never change them.
CREATE TABLE countries (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{2}$'),
  alpha3 text,
  numeric_code text,
  name text NOT NULL,
  name_en text NOT NULL,
  currency_code text,
  phone_code text
);

CREATE TABLE cities (
  id integer PRIMARY KEY,
  country_id integer NOT NULL REFERENCES countries (id),
  plate_code text NOT NULL,
  name text NOT NULL,
  metropolitan boolean NOT NULL,
  UNIQUE (country_id, plate_code)
);

CREATE TABLE city_subdivisions (
  id integer PRIMARY KEY,
  city_id integer NOT NULL REFERENCES cities (id),
  name text NOT NULL,
  UNIQUE (city_id, name)
);

CREATE TABLE tax_offices (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  city_id integer NOT NULL REFERENCES cities (id),
  city_subdivision_id integer REFERENCES city_subdivisions (id),
  district text NOT NULL
);
CREATE INDEX tax_offices_city ON tax_offices (city_id);

CREATE TABLE chart_accounts (
  code text PRIMARY KEY,
  name text NOT NULL,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  parent_code text REFERENCES chart_accounts (code),
  postable boolean NOT NULL
);

REVOKE INSERT, UPDATE, DELETE ON countries, cities, city_subdivisions, tax_offices, chart_accounts FROM tezgah_app;
GRANT SELECT ON countries, cities, city_subdivisions, tax_offices, chart_accounts TO tezgah_app;
