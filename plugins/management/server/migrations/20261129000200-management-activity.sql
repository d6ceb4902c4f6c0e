-- Management plugin, company activity and the management portal's invoice list (issue 14; seeds
-- 001 §2 /company-activity, seed 000 §7 GET /invoices/all-to-management-portal).
--
-- A read-only report view over accounting's invoices of every company, for management only. A
-- view reads its tables with its owner's rights (the migrating role, the tables' owner), so the
-- tenant policies of invoices and currents do not narrow it: the handlers that read it answer
-- only callers holding a management authority (x-management), and nothing writes through it.
CREATE VIEW management_invoices AS
SELECT i.company_id, c.name AS company_name, i.id, i.invoice_type, i.status, i.invoice_date, i.document_no,
       i.current_id, cu.name AS current_name, i.currency_id, i.conversion_rate, i.total_amount, i.payable,
       i.e_invoice_type, i.created_at
  FROM invoices i
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN currents cu ON cu.company_id = i.company_id AND cu.id = i.current_id;

REVOKE ALL ON management_invoices FROM tezgah_app;
GRANT SELECT ON management_invoices TO tezgah_app;
