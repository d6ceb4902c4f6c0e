-- Accounting: the agenda (ajanda; issue 10; seeds 000 "Agenda note: id, date, userId, active,
-- startDate, endDate", §7 /agenda) and the daily due-reminder mail's company setting.

CREATE TABLE agenda_notes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  note_date date NOT NULL,
  title text NOT NULL CHECK (btrim(title) <> ''),
  description text,
  start_at timestamptz,
  end_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  user_id bigint NOT NULL REFERENCES users (id),
  user_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CHECK (end_at IS NULL OR start_at IS NULL OR end_at >= start_at)
);
CREATE INDEX agenda_notes_date ON agenda_notes (company_id, note_date, id);

-- Vade hatırlatma: on unless a company turns it off; `last_sent_on` makes the daily job write
-- one mail a day however often it runs.
CREATE TABLE due_reminder_settings (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  enabled boolean NOT NULL DEFAULT true,
  email text,
  last_sent_on date,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE agenda_notes ENABLE ROW LEVEL SECURITY;
ALTER TABLE due_reminder_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON agenda_notes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON due_reminder_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE TRUNCATE ON agenda_notes, due_reminder_settings FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON agenda_notes, due_reminder_settings TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE agenda_notes_id_seq TO tezgah_app;
