-- One legal number per invoice. A sale (or purchase return) that goes out as an e-Fatura or
-- e-Arşiv is numbered by the e-document series at the moment it is sent (GİB numbers each kind of
-- document in its own series, in date order, and the kind is decided by the buyer's registration
-- at that moment). Until then it carries the company's own series number as a provisional number;
-- when the e-document is numbered that number becomes the invoice's number and the provisional one
-- is kept here (for search and for the audit trail). The paper series counter is not given back.
ALTER TABLE invoices ADD COLUMN provisional_no text;
CREATE INDEX invoices_provisional_no ON invoices (company_id, provisional_no) WHERE provisional_no IS NOT NULL;

-- The document an entry records, as the books show it (belge no): an invoice's entries and its
-- payments' entries carry the invoice's number of today. Journal entries are append-only, so an
-- entry written before the invoice took its e-document number still says the provisional number
-- in its stored explanation; journal_explanation shows it with the legal number in its place.
CREATE FUNCTION journal_document_invoice(p_company bigint, p_kind text, p_source text) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_kind = 'INVOICE' AND p_source ~ '^[0-9]{1,18}$' THEN p_source::bigint
    WHEN p_kind = 'INVOICE_PAYMENT' AND p_source ~ '^[0-9]{1,18}$' THEN
      (SELECT p.invoice_id FROM invoice_payments p WHERE p.company_id = p_company AND p.id = p_source::bigint)
  END
$$;

CREATE FUNCTION journal_document_no(p_company bigint, p_kind text, p_source text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT i.document_no FROM invoices i
   WHERE i.company_id = p_company AND i.id = journal_document_invoice(p_company, p_kind, p_source)
$$;

CREATE FUNCTION journal_explanation(p_company bigint, p_kind text, p_source text, p_explanation text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT replace(p_explanation, i.provisional_no, i.document_no) FROM invoices i
     WHERE i.company_id = p_company AND i.id = journal_document_invoice(p_company, p_kind, p_source)
       AND i.provisional_no IS NOT NULL AND i.document_no IS NOT NULL
  ), p_explanation)
$$;
