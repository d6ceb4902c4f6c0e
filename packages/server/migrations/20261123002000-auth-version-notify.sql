-- Every change of the auth version is also announced: NOTIFY tezgah_auth with the new version,
-- delivered on commit to every server listening (db/read-path.ts). A server whose GETs run
-- without a transaction of their own, and so without reading the version first, drops its cached
-- sessions when the announcement arrives.
CREATE OR REPLACE FUNCTION bump_auth_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE auth_version SET version = version + 1 RETURNING version INTO v;
  PERFORM pg_notify('tezgah_auth', v::text);
  RETURN NULL;
END $$;
