-- Accounting: tax declarations (beyannameler; issue 8; seeds 000 §3 declaration: type, period,
-- created date, status; §7 /declarations, /declaration-types; seeds 001 §4 statuses approved,
-- awaiting approval, faulty, cancelled). Every company gets the usual declaration types; a VAT
-- declaration draft carries the figures computed from the ledger (declarations/vat.ts).

CREATE TABLE declaration_types (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  code text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]{1,19}$'),
  name text NOT NULL CHECK (btrim(name) <> ''),
  -- How its periods are written: MONTHLY 2026-01, QUARTERLY 2026-Q1, YEARLY 2026.
  period_kind text NOT NULL CHECK (period_kind IN ('MONTHLY', 'QUARTERLY', 'YEARLY')),
  -- One of the types every company starts with: its code and period kind stay, it is not deleted.
  system boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, code)
);

CREATE TABLE declarations (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  type_id bigint NOT NULL,
  period text NOT NULL CHECK (period ~ '^[0-9]{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$'),
  status text NOT NULL DEFAULT 'AWAITING_APPROVAL' CHECK (status IN ('APPROVED', 'AWAITING_APPROVAL', 'FAULTY', 'CANCELLED')),
  explanation text,
  -- A VAT draft's figures (all or none), lira.
  calculated_vat numeric(20, 2),
  deductible_vat numeric(20, 2),
  previous_carried_vat numeric(20, 2),
  payable_vat numeric(20, 2),
  carried_forward_vat numeric(20, 2),
  computed_at timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  status_changed_by text,
  status_changed_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, type_id) REFERENCES declaration_types (company_id, id),
  CHECK ((calculated_vat IS NULL) = (computed_at IS NULL)
     AND (calculated_vat IS NULL) = (deductible_vat IS NULL)
     AND (calculated_vat IS NULL) = (previous_carried_vat IS NULL)
     AND (calculated_vat IS NULL) = (payable_vat IS NULL)
     AND (calculated_vat IS NULL) = (carried_forward_vat IS NULL)),
  CHECK (payable_vat IS NULL OR (payable_vat >= 0 AND carried_forward_vat >= 0 AND (payable_vat = 0 OR carried_forward_vat = 0)))
);
-- One open declaration (awaiting approval or faulty) per type and period; approved ones may be
-- followed by a corrective one (düzeltme beyannamesi), cancelled ones stay for the record.
CREATE UNIQUE INDEX declarations_open ON declarations (company_id, type_id, period) WHERE status IN ('AWAITING_APPROVAL', 'FAULTY');
CREATE INDEX declarations_period ON declarations (company_id, period, id);

ALTER TABLE declaration_types ENABLE ROW LEVEL SECURITY;
ALTER TABLE declarations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON declaration_types USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON declarations USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON declaration_types, declarations TO tezgah_app;
REVOKE TRUNCATE ON declaration_types, declarations FROM tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE declaration_types_id_seq, declarations_id_seq TO tezgah_app;

-- Every existing company gets the usual types (new ones get them in onCompanyCreated).
INSERT INTO declaration_types (company_id, code, name, period_kind, system)
SELECT c.id, t.code, t.name, t.period_kind, true
  FROM companies c CROSS JOIN (VALUES
    ('KDV1', 'KDV Beyannamesi', 'MONTHLY'),
    ('MUHSGK', 'Muhtasar ve Prim Hizmet Beyannamesi', 'MONTHLY'),
    ('GECICI', 'Geçici Vergi Beyannamesi', 'QUARTERLY'),
    ('KURUMLAR', 'Kurumlar Vergisi Beyannamesi', 'YEARLY'),
    ('GELIR', 'Gelir Vergisi Beyannamesi', 'YEARLY'),
    ('DAMGA', 'Damga Vergisi Beyannamesi', 'MONTHLY')
  ) AS t (code, name, period_kind)
 ORDER BY c.id, t.code
ON CONFLICT DO NOTHING;
