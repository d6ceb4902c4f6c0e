-- Accounting: how many detailed Excel files a user took in a day (issue 8; seeds 000 §5 and §9
-- 'Detailed Excel export: at most twice a day', §8 'Daily excel download limited to twice a
-- day'). One row per company, user, kind of file and day (Turkey's calendar day); the export
-- adds one in its own request's transaction, so a refused or failed export spends nothing and
-- two at once cannot both take the last one.
CREATE TABLE export_downloads (
  company_id bigint NOT NULL REFERENCES companies (id),
  user_id bigint NOT NULL,
  -- What was taken: CURRENT_LEDGER_XLSX (a current's statement as xlsx, book-reports).
  kind text NOT NULL CHECK (kind ~ '^[A-Z][A-Z0-9_]*$'),
  day date NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (company_id, user_id, kind, day)
);

ALTER TABLE export_downloads ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON export_downloads USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE ON export_downloads TO tezgah_app;
