-- Pharmacy plugin, medicine management (issue 14): management staff keep the shared medicine
-- master (create, change, make passive, withdraw) and update it from TİTCK's published lists
-- (medicines/import). Requests write it only through the medicines area's management operations
-- (x-authority Yönetim 1000), which is why the app role now may insert and update it.
ALTER TABLE pharmacy_medicines ADD COLUMN withdrawn_at date;
ALTER TABLE pharmacy_medicines ADD COLUMN updated_at timestamptz;
ALTER TABLE pharmacy_medicines ADD COLUMN updated_by text;
GRANT INSERT, UPDATE ON pharmacy_medicines, pharmacy_medicine_lists TO tezgah_app;

-- Each company's status of creating its products from the medicine master (a job on the queue
-- started by management): NONE (never run: no row), RUNNING, DONE, FAILED; the last run's counts.
-- Management-only data about every company (no row policy; the operations ask for Yönetim).
CREATE TABLE pharmacy_medicine_creation (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  status text NOT NULL CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  created integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text,
  started_by text
);
GRANT SELECT, INSERT, UPDATE ON pharmacy_medicine_creation TO tezgah_app;
