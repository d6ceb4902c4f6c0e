-- Pharmacy plugin, Medula area (issue 12; seeds 001 §3 prescription, facility (tesis) and patient
-- report; §7 the prescription calls).
--
-- pharmacy_medula_outbox: what must reach Medula and must not be lost when Medula does not answer
-- (a prescription's provision — receteKaydet — and its deletion — receteSil). Written in the
-- request's transaction; delivered at once when Medula answers, else by the deliverer (after the
-- commit, on every look at the list, and by the job `pharmacy.medula.deliver`) with backoff. Each
-- row has an `islem_no` Medula deduplicates by, so a delivery repeated after a timeout is saved
-- once. A person sees what waits (GET /medula/outbox).
CREATE TABLE pharmacy_medula_outbox (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  recete_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SAVE', 'DELETE')),
  islem_no text NOT NULL,
  -- What is sent (the lines, the e-prescription and patient, or the Medula reçete number).
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE', 'FAILED', 'CANCELLED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  result jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, islem_no),
  FOREIGN KEY (company_id, recete_id) REFERENCES pharmacy_recetes (company_id, id) ON DELETE CASCADE
);
CREATE INDEX pharmacy_medula_outbox_due ON pharmacy_medula_outbox (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX pharmacy_medula_outbox_recete ON pharmacy_medula_outbox (company_id, recete_id);

-- Facilities (sağlık tesisi) a pharmacy's prescriptions come from: SGK's tesis kodu and name.
CREATE TABLE pharmacy_tesis (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  code text NOT NULL CHECK (code ~ '^[0-9]{1,12}$'),
  name text NOT NULL CHECK (btrim(name) <> ''),
  city text,
  kind text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, code)
);

-- Patient reports (hasta raporu): kept when read from Medula or entered by hand, so a prescription
-- line can name the report that covers it (seeds 001 §3 report details).
CREATE TABLE pharmacy_hasta_rapors (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  report_no text NOT NULL CHECK (btrim(report_no) <> ''),
  patient_tckn text NOT NULL CHECK (patient_tckn ~ '^[0-9]{11}$'),
  patient_name text,
  patient_surname text,
  report_date date,
  start_date date,
  end_date date,
  facility_code text,
  facility_name text,
  report_type text,
  doctor_name text,
  doctor_surname text,
  diagnoses jsonb NOT NULL DEFAULT '[]',
  active_substances jsonb NOT NULL DEFAULT '[]',
  barcodes jsonb NOT NULL DEFAULT '[]',
  description text,
  source text NOT NULL DEFAULT 'MANUAL' CHECK (source IN ('MEDULA', 'MANUAL')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, report_no),
  CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
);
CREATE INDEX pharmacy_hasta_rapors_patient ON pharmacy_hasta_rapors (company_id, patient_tckn);

ALTER TABLE pharmacy_medula_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_medula_outbox USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_tesis ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_tesis USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE pharmacy_hasta_rapors ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_hasta_rapors USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
