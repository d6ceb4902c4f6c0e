-- The auth version: one counter bumped, in the same transaction, by every change that can end a
-- session or change what it may do (a session revoked, locked, deleted; a user's activation or
-- login; memberships, role grants, a role's authorities or scope; a company's activation). Every
-- server keeps a short in-process cache of resolved sessions and reads this counter in the very
-- statement that starts each request's transaction; a change drops the cache on every server
-- sharing the database before the next request is served (kernel/auth.ts).
CREATE TABLE auth_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO auth_version (id, version) VALUES (true, 0);
REVOKE ALL ON auth_version FROM tezgah_app;
GRANT SELECT ON auth_version TO tezgah_app;

-- SECURITY DEFINER: the request's role (tezgah_app) may read the counter but not write it.
CREATE FUNCTION bump_auth_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE auth_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER auth_version_sessions AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_users AFTER UPDATE OF activated, login OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_user_companies AFTER INSERT OR UPDATE OR DELETE ON user_companies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_user_roles AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_role_authorities AFTER INSERT OR UPDATE OR DELETE ON role_authorities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_roles AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
CREATE TRIGGER auth_version_companies AFTER UPDATE OF active OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_version();
