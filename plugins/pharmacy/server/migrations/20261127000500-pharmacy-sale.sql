-- Pharmacy plugin, the counter (issue 12): what was scanned onto a prescription before it is
-- paid. A QR-tracked box is one row with its serial; a product without a DataMatrix (read by its
-- barcode) is a row without one. At the invoice the boxes become SOLD (tracking area) and the
-- rows stay as the sale's record.
CREATE TABLE pharmacy_recete_scans (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  recete_id bigint NOT NULL,
  recete_medicine_id bigint,
  product_id bigint NOT NULL,
  barcode text NOT NULL,
  gtin text,
  sn text,
  bn text,
  xd date,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  scanned_by text,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, recete_id) REFERENCES pharmacy_recetes (company_id, id) ON DELETE CASCADE,
  CHECK ((gtin IS NULL) = (sn IS NULL))
);
CREATE UNIQUE INDEX pharmacy_recete_scans_box ON pharmacy_recete_scans (company_id, recete_id, gtin, sn) WHERE sn IS NOT NULL;
CREATE INDEX pharmacy_recete_scans_serial ON pharmacy_recete_scans (company_id, gtin, sn) WHERE sn IS NOT NULL;
CREATE INDEX pharmacy_recete_scans_recete ON pharmacy_recete_scans (company_id, recete_id);

ALTER TABLE pharmacy_recete_scans ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON pharmacy_recete_scans USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
