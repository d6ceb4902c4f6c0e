-- Management plugin, announcements (issue 14; seeds 001 §3 "Announcement: id, startDate, endDate,
-- userId", §7 CRUD announcements and announcements by ids, §8 success notices, §9 the list reloads
-- at page 0, size 10; seed 000 §3 announcementId on the account and on the company profile).
--
-- announcements: written by management staff, read by every signed-in user while active (start
-- date ≤ today ≤ end date) and aimed at them: every company (ALL), the companies listed
-- (COMPANIES) or the companies of a sector (SECTOR). Not a tenant's row: no row-level security;
-- the handlers decide who sees what.
CREATE TABLE management_announcements (
  id bigserial PRIMARY KEY,
  title text NOT NULL CHECK (btrim(title) <> ''),
  body text NOT NULL DEFAULT '',
  start_date date NOT NULL,
  end_date date NOT NULL,
  target text NOT NULL DEFAULT 'ALL' CHECK (target IN ('ALL', 'COMPANIES', 'SECTOR')),
  company_ids bigint[] NOT NULL DEFAULT '{}',
  sector_id integer REFERENCES sectors (id),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  author_name text,
  created_date timestamptz NOT NULL DEFAULT now(),
  last_modified_date timestamptz,
  CHECK (end_date >= start_date),
  CHECK (target <> 'SECTOR' OR sector_id IS NOT NULL)
);
CREATE INDEX management_announcements_dates ON management_announcements (start_date, end_date);

-- Who acknowledged which announcement: a user (the dialog after sign-in closed) ...
CREATE TABLE management_announcement_user_seen (
  announcement_id bigint NOT NULL REFERENCES management_announcements (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (announcement_id, user_id)
);
-- ... and a company (someone of it saw it while signed in to it).
CREATE TABLE management_announcement_company_seen (
  announcement_id bigint NOT NULL REFERENCES management_announcements (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies (id),
  seen_by text,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (announcement_id, company_id)
);
