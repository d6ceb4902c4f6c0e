-- Accounting: exchange rates per day, as the central bank (TCMB) publishes them: one row per
-- day and currency, values in lira for `unit` units of the currency (JPY and IRR come per 100).
-- A global table (the rates are the same for every company): no company_id, no row policy. The
-- app writes it when a rate is asked for a day it has not fetched yet.
--   rate_date      the day the rates were asked for
--   bulletin_date  the day of the bulletin they come from (the last one published on or before
--                  rate_date: there is none on weekends and holidays)
CREATE TABLE exchange_rates (
  rate_date date NOT NULL,
  currency_code text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
  unit integer NOT NULL DEFAULT 1 CHECK (unit > 0),
  name text,
  forex_buying numeric(18, 6) CHECK (forex_buying > 0),
  forex_selling numeric(18, 6) CHECK (forex_selling > 0),
  banknote_buying numeric(18, 6) CHECK (banknote_buying > 0),
  banknote_selling numeric(18, 6) CHECK (banknote_selling > 0),
  bulletin_date date NOT NULL CHECK (bulletin_date <= rate_date),
  bulletin_no text,
  source text NOT NULL CHECK (source IN ('sandbox', 'live')),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rate_date, currency_code)
);

GRANT SELECT, INSERT ON exchange_rates TO tezgah_app;
REVOKE UPDATE, DELETE ON exchange_rates FROM tezgah_app;
