-- A company keeps one 0 % KDV tax per GİB exemption code (istisna kodu): an export (301, KDV
-- Kanunu 11/1-a), a diplomatic delivery (13/…), an export-registered sale (701, 11/1-c) are
-- declared each under its own code, so each needs a tax of its own. Two taxes of one type,
-- percentage and exemption code (or none) are still one too many.
ALTER TABLE taxes DROP CONSTRAINT taxes_company_id_tax_type_percentage_key;
CREATE UNIQUE INDEX taxes_type_percentage_exemption_key ON taxes (company_id, tax_type, percentage, (coalesce(exception_code, '')));
