-- E-documents (issue 11; seeds 001 §3, §4, §5, §7, §9).
--
-- edoc_settings: a company's integrator (seeds 001 §3 integrator settings); passwords are stored
-- encrypted with the server's secret (AES-256-GCM), never returned.
CREATE TABLE edoc_settings (
  company_id bigint PRIMARY KEY REFERENCES companies (id),
  enabled boolean NOT NULL DEFAULT false,
  integrator text NOT NULL DEFAULT 'SECINIZ' CHECK (integrator IN ('KOLAYSOFT', 'FARMAKOM', 'DIGER', 'SECINIZ')),
  mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'live')),
  urls jsonb NOT NULL DEFAULT '{}',
  username text,
  password_enc text,
  username_secondary text,
  password_secondary_enc text,
  integrator_secondary text CHECK (integrator_secondary IN ('KOLAYSOFT', 'FARMAKOM', 'DIGER', 'SECINIZ')),
  sender_tag text,
  despatch_sender_tag text,
  earchive_send_type text NOT NULL DEFAULT 'ELEKTRONIK' CHECK (earchive_send_type IN ('ELEKTRONIK', 'KAGIT')),
  auto_send_cash_sales boolean NOT NULL DEFAULT false,
  -- The company's address as its e-documents carry it (GİB wants district and city; the company
  -- record holds the name, VKN and tax office).
  street text,
  building_no text,
  district text,
  city text,
  postal_code text,
  website text,
  trade_registry_no text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A company's series per kind; a number given in one makes it `used` (its letters are fixed).
CREATE TABLE edoc_prefixes (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  kind text NOT NULL CHECK (kind IN ('EINVOICE', 'EARCHIVE', 'EDESPATCH')),
  prefix text NOT NULL CHECK (prefix ~ '^[A-Z0-9]{3}$'),
  is_default boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, kind, prefix)
);
CREATE UNIQUE INDEX edoc_prefixes_default ON edoc_prefixes (company_id, kind) WHERE is_default;

-- Gapless numbering per company, series and year: the row is locked while a number is taken.
CREATE TABLE edoc_series (
  company_id bigint NOT NULL REFERENCES companies (id),
  prefix text NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  last_no bigint NOT NULL DEFAULT 0 CHECK (last_no BETWEEN 0 AND 999999999),
  last_date date,
  PRIMARY KEY (company_id, prefix, year)
);

-- One row per e-document, either direction. An outgoing one names its invoice or despatch (one
-- live e-document each); its number and ETTN are given once (number when sent, ETTN when first
-- checked) and kept through every retry; its XML is frozen when sent.
CREATE TABLE edoc_documents (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  direction text NOT NULL CHECK (direction IN ('OUTGOING', 'INCOMING')),
  category text NOT NULL CHECK (category IN ('EINVOICE', 'EARCHIVE', 'EDESPATCH')),
  uuid uuid NOT NULL,
  document_no text,
  prefix text,
  profile text,
  type_code text,
  issue_date date,
  status text NOT NULL CHECK (status IN ('CONTROL', 'PREVIEW', 'SENDING', 'SUCCESS', 'FAILURE', 'CANCEL', 'UNKNOWN')),
  status_reason text,
  party_title text,
  party_identifier text,
  total numeric(20, 2),
  currency text,
  exchange_rate numeric(18, 6),
  integrator text,
  receiver_tag text,
  sender_tag text,
  email text,
  invoice_id bigint,
  despatch_id bigint,
  purchase_invoice_id bigint,
  answer text CHECK (answer IN ('KABUL', 'RED')),
  answered_at timestamptz,
  problems jsonb NOT NULL DEFAULT '[]',
  -- What the person chose in the check dialog (scenario, type, tags, series, e-mail, note; an
  -- e-İrsaliye's carrier, driver and plate), kept for the send and every resend.
  options jsonb NOT NULL DEFAULT '{}',
  gib_code text,
  integrator_code text,
  xml text,
  -- GİB's display of the XML, rendered once when first needed (zip downloads carry it).
  html text,
  imported boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  -- Status polling: next check, and the moment a SENDING document without an answer becomes UNKNOWN.
  next_check_at timestamptz,
  deadline_at timestamptz,
  history jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  -- An outgoing document is made from an invoice or despatch, or imported (an archive from a former provider).
  CHECK (direction = 'INCOMING' OR imported OR invoice_id IS NOT NULL OR despatch_id IS NOT NULL),
  CHECK (status NOT IN ('SENDING', 'SUCCESS') OR (document_no IS NOT NULL AND xml IS NOT NULL))
);
-- ETTN is unique per company and direction (the same document sent by A is held by B as incoming).
CREATE UNIQUE INDEX edoc_documents_uuid ON edoc_documents (company_id, direction, uuid);
CREATE UNIQUE INDEX edoc_documents_no ON edoc_documents (company_id, direction, document_no) WHERE direction = 'OUTGOING' AND document_no IS NOT NULL;
CREATE UNIQUE INDEX edoc_documents_invoice ON edoc_documents (company_id, invoice_id) WHERE invoice_id IS NOT NULL AND direction = 'OUTGOING' AND status <> 'CANCEL';
CREATE UNIQUE INDEX edoc_documents_despatch ON edoc_documents (company_id, despatch_id) WHERE despatch_id IS NOT NULL AND direction = 'OUTGOING' AND status <> 'CANCEL';
CREATE INDEX edoc_documents_list ON edoc_documents (company_id, direction, category, issue_date DESC, id DESC);
CREATE INDEX edoc_documents_check ON edoc_documents (next_check_at) WHERE status = 'SENDING';

-- The plugin's outbox: written in the same transaction as the status change it acts on, worked
-- by the `edocument.outbox` job (and right after the commit), retried with backoff.
CREATE TABLE edoc_outbox (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  document_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('SEND', 'CANCEL', 'RESPOND')),
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  FOREIGN KEY (company_id, document_id) REFERENCES edoc_documents (company_id, id)
);
CREATE INDEX edoc_outbox_due ON edoc_outbox (next_attempt_at, id) WHERE status = 'PENDING';

-- GİB's user list as the integrator gave it (global, refreshed by a job): who is registered for
-- e-Fatura / e-İrsaliye, under which aliases.
CREATE TABLE edoc_gib_users (
  identifier text NOT NULL,
  alias text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('GB', 'PK')),
  document_type text NOT NULL CHECK (document_type IN ('INVOICE', 'DESPATCHADVICE')),
  title text NOT NULL,
  user_type text,
  registered_at text,
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (identifier, document_type, unit, alias)
);

ALTER TABLE edoc_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON edoc_settings USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE edoc_prefixes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON edoc_prefixes USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE edoc_series ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON edoc_series USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE edoc_documents ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON edoc_documents USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
ALTER TABLE edoc_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON edoc_outbox USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
