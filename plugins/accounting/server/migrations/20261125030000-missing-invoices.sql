-- Accounting: missing invoices (eksik faturalar; issue 10; seeds 000 §4 "Missing invoices are
-- listed and created singly, per company, or all", §7 /missing-invoices …).
--
-- A missing invoice is a sale another path recorded without an invoice; sources (the accounting
-- plugin's outgoing despatches now, the POS and pharmacy plugins later) list them. Creating one
-- writes a real invoice through the invoices area and records the link here, in the same
-- transaction. UNIQUE (company, source, document_no) is what makes a sale invoiced at most once:
-- a second repair racing the first waits on the unique index and then finds the link, and a
-- repair run again after being killed finds every link the killed one committed. The row is
-- inserted before the invoice is written (invoice_id is set before the transaction ends); when
-- the linked invoice is later cancelled and the source lists the sale again, creating it again
-- moves the link to the new invoice under a row lock.

CREATE TABLE missing_invoice_links (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 64),
  document_no text NOT NULL CHECK (length(document_no) BETWEEN 1 AND 64),
  invoice_id bigint,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  CONSTRAINT missing_invoice_links_once UNIQUE (company_id, source, document_no),
  FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id)
);
CREATE INDEX missing_invoice_links_invoice ON missing_invoice_links (company_id, invoice_id);

ALTER TABLE missing_invoice_links ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON missing_invoice_links USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
-- A link is never removed: it is the record that the sale was invoiced.
REVOKE TRUNCATE, DELETE ON missing_invoice_links FROM tezgah_app;
GRANT SELECT, INSERT, UPDATE ON missing_invoice_links TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE missing_invoice_links_id_seq TO tezgah_app;
