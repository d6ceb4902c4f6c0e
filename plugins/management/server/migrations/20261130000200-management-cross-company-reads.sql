-- Management plugin: its reads across companies.
--
-- 1. The company activity and the invoice portal read every company's invoices through the
--    accounting plugin's directory service (accounting.directory, over the accounting view
--    accounting_invoices_across_companies, migration 20261130000100), no longer through a view of
--    this plugin over the accounting tables. Its view goes (migration 20261129000200 created it;
--    migrations are append-only, so it is dropped here).
DROP VIEW management_invoices;

-- 2. Device management lists every company's mobile devices in one statement (the
--    management.devices point's sources answer a list of companies at once): a read-only view of
--    this plugin's own table, without the password hash. A view reads with its owner's rights, so
--    the tenant policy does not narrow it; only the x-management device list reads it.
CREATE VIEW management_devices_across_companies AS
SELECT company_id, id, kind, serial, name, status, last_seen_at, created_at
  FROM management_devices;

REVOKE ALL ON management_devices_across_companies FROM tezgah_app;
GRANT SELECT ON management_devices_across_companies TO tezgah_app;
