-- POS plugin: what it answers the management plugin's extension point management.devices (device
-- management, x-management) for a list of companies in one statement per source: read-only views
-- of its terminals and its desktop assistants of every company, with the listed columns only
-- (never a terminal's sealed credentials or an assistant's host). A view reads with its owner's
-- rights (the migrating role, the tables' owner), so the tenant policies do not narrow it; only
-- the point's sources (src/management-devices.ts) read them, and nothing writes through them.
CREATE VIEW pos_terminals_across_companies AS
SELECT company_id, id, name, terminal_serial_no, provider, active, updated_at, created_at
  FROM pos_devices;

CREATE VIEW pos_assistants_across_companies AS
SELECT company_id, id, name, device_id, version, active, last_seen_at, created_at
  FROM pos_assistants;

REVOKE ALL ON pos_terminals_across_companies, pos_assistants_across_companies FROM tezgah_app;
GRANT SELECT ON pos_terminals_across_companies, pos_assistants_across_companies TO tezgah_app;
