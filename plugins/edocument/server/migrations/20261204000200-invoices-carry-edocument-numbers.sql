-- One legal number: an invoice already sent as an e-Fatura or e-Arşiv takes that document's number
-- as its own, and keeps the company-series number it had as its provisional number (the same
-- change the send makes from now on, accounting's DocumentsService.legalNumber).
UPDATE invoices i
   SET provisional_no = i.document_no,
       document_no = d.document_no,
       series = substr(d.document_no, 1, 3),
       sequence_no = substr(d.document_no, 8)::bigint
  FROM edoc_documents d
 WHERE d.company_id = i.company_id AND d.invoice_id = i.id AND d.direction = 'OUTGOING'
   AND d.document_no ~ '^[A-Z0-9]{3}[0-9]{13}$'
   AND i.invoice_type IN ('SALE', 'BUYING_RETURN') AND i.status <> 'DRAFT'
   AND i.document_no IS DISTINCT FROM d.document_no AND i.provisional_no IS NULL;
