-- Members per company, kept by statement-level triggers on user_companies (like the products'
-- counter): the unfiltered user list reads its x-total-count here instead of counting a company's
-- memberships on every page (100,000 index entries per request in the bench).
CREATE TABLE company_member_counters (
  company_id bigint PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  members bigint NOT NULL DEFAULT 0 CHECK (members >= 0)
);
INSERT INTO company_member_counters (company_id, members)
  SELECT c.id, (SELECT count(*) FROM user_companies uc WHERE uc.company_id = c.id) FROM companies c;
ALTER TABLE company_member_counters ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON company_member_counters USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
REVOKE ALL ON company_member_counters FROM tezgah_app;
GRANT SELECT ON company_member_counters TO tezgah_app;

-- SECURITY DEFINER: a membership change may touch other companies' counters (a user deleted
-- leaves every company), which the request's role may not write.
CREATE FUNCTION member_counter_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO company_member_counters AS c (company_id, members)
      SELECT company_id, count(*) FROM new_members GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET members = c.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE company_member_counters c SET members = c.members - d.n
      FROM (SELECT company_id, count(*) AS n FROM old_members GROUP BY company_id) d
     WHERE c.company_id = d.company_id;
  ELSE
    INSERT INTO company_member_counters AS c (company_id, members)
      SELECT company_id, sum(n) FROM (
        SELECT company_id, 1 AS n FROM new_members UNION ALL SELECT company_id, -1 FROM old_members
      ) x GROUP BY company_id HAVING sum(n) <> 0
    ON CONFLICT (company_id) DO UPDATE SET members = c.members + excluded.members;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER member_counter_insert AFTER INSERT ON user_companies
  REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION member_counter_change();
CREATE TRIGGER member_counter_delete AFTER DELETE ON user_companies
  REFERENCING OLD TABLE AS old_members FOR EACH STATEMENT EXECUTE FUNCTION member_counter_change();
CREATE TRIGGER member_counter_update AFTER UPDATE ON user_companies
  REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION member_counter_change();
