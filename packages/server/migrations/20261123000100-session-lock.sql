-- A session can be locked ("Ekranı kilitle"): while locked_at is set, the session may only read
-- its own account, unlock with the user's password or log out (x-allow-locked operations).
ALTER TABLE sessions ADD COLUMN locked_at timestamptz;
