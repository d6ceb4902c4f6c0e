-- Management plugin, the CRM port (issue 14; seeds 000 §7 POST /crm/create-account,
-- /crm/deactivate-account; 001 §7). The company's account at the vendor's CRM (where the yearly
-- service fee is billed): the CRM's id for it and whether it is active. Management staff only
-- (x-management), across companies, so guarded by the handlers like user_companies, not by a row
-- policy; no tenant operation reads it.
CREATE TABLE management_crm_accounts (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  crm_account_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'PASSIVE')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deactivated_at timestamptz
);
