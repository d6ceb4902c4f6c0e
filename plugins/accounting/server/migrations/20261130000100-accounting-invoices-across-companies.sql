-- Accounting plugin: every company's invoices, read-only, for the management reports that the
-- directory service answers (accounting.directory: invoiceActivityByCompany, invoiceActivityByDay,
-- invoicesOfAllCompanies; the management plugin's company activity and its invoice portal).
--
-- It replaces the management plugin's own view over these tables (management_invoices, dropped by
-- management migration 20261130000200): the accounting plugin owns its tables and the one
-- cross-company read of them. A view reads its tables with its owner's rights (the migrating role,
-- the tables' owner), so the tenant policies of invoices and currents do not narrow it; only the
-- directory service's cross-company functions read it, and their callers answer only management
-- (x-management). Exactly the columns those reads need; nothing writes through it.
CREATE VIEW accounting_invoices_across_companies AS
SELECT i.company_id, c.name AS company_name, i.id, i.invoice_type, i.status, i.invoice_date, i.document_no,
       i.current_id, cu.name AS current_name, i.currency_id, i.conversion_rate, i.total_amount, i.payable,
       i.e_invoice_type, i.created_at
  FROM invoices i
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN currents cu ON cu.company_id = i.company_id AND cu.id = i.current_id;

REVOKE ALL ON accounting_invoices_across_companies FROM tezgah_app;
GRANT SELECT ON accounting_invoices_across_companies TO tezgah_app;
