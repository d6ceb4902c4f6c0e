-- E-document sandbox: the simulator of an e-invoice integrator (izibiz's SOAP protocol) and of a
-- small GİB world, served by our own server under /sandbox/edocument (integrator/sandbox.ts).
-- Global tables (one world shared by every company and by every server on the database): no
-- company_id, no row policy. Not part of the product's data: only the sandbox writes them.
--
--   edoc_sandbox_users      GİB's registered users (e-Fatura / e-İrsaliye mükellefleri)
--   edoc_sandbox_aliases    their GB (gönderici birim) and PK (posta kutusu) aliases per document type
--   edoc_sandbox_sessions   integrator sessions (Login: user name = VKN/TCKN, 8 hours)
--   edoc_sandbox_documents  every document sent through the sandbox, by UUID (ETTN)
--   edoc_sandbox_switches   the failure switches (one row, JSON; GET/PUT /sandbox/edocument/control)
CREATE TABLE edoc_sandbox_users (
  identifier text PRIMARY KEY CHECK (identifier ~ '^[0-9]{10,11}$'),
  title text NOT NULL,
  type text NOT NULL DEFAULT 'OZEL' CHECK (type IN ('OZEL', 'KAMU')),
  registered_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE edoc_sandbox_aliases (
  identifier text NOT NULL REFERENCES edoc_sandbox_users (identifier) ON DELETE CASCADE,
  document_type text NOT NULL CHECK (document_type IN ('INVOICE', 'DESPATCHADVICE')),
  unit text NOT NULL CHECK (unit IN ('GB', 'PK')),
  alias text NOT NULL CHECK (alias <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (identifier, document_type, unit, alias)
);

CREATE TABLE edoc_sandbox_sessions (
  session_id text PRIMARY KEY,
  username text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- kind: INVOICE (SendInvoice), EARCHIVE (WriteToArchieveExtended), DESPATCHADVICE (SendDespatchAdvice).
-- ready_at: when GİB's processing ends (send time + acceptAfterSeconds); outcome: how it ends.
-- auto_answer: the buyer's answer the buyerAnswer switch gave a TICARIFATURA at send time;
-- answer: the buyer's own (SendInvoiceResponseWithServerSign). read_at: the receiver marked it read.
CREATE TABLE edoc_sandbox_documents (
  uuid text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('INVOICE', 'EARCHIVE', 'DESPATCHADVICE')),
  doc_id text NOT NULL,
  sender_vkn text NOT NULL,
  sender_alias text,
  sender_title text,
  receiver_vkn text,
  receiver_alias text,
  receiver_title text,
  profile text,
  type_code text,
  issue_date text,
  payable text,
  currency text,
  xml text NOT NULL,
  txn_id text NOT NULL,
  envelope_id text NOT NULL,
  created_at timestamptz NOT NULL,
  ready_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('SUCCESS', 'FAILURE')),
  auto_answer text CHECK (auto_answer IN ('KABUL', 'RED')),
  answer text CHECK (answer IN ('KABUL', 'RED')),
  answer_note text,
  answered_at timestamptz,
  read_at timestamptz,
  earchive_type text,
  email text,
  cancelled_at timestamptz,
  cancel_date text,
  cancel_total text,
  cancel_note text
);
CREATE INDEX edoc_sandbox_documents_receiver ON edoc_sandbox_documents (receiver_vkn, kind, created_at);
CREATE INDEX edoc_sandbox_documents_sender ON edoc_sandbox_documents (sender_vkn, doc_id);

CREATE TABLE edoc_sandbox_switches (
  id integer PRIMARY KEY CHECK (id = 1),
  data jsonb NOT NULL DEFAULT '{}'
);
INSERT INTO edoc_sandbox_switches (id, data) VALUES (1, '{}');

-- izibiz's public test account, and fictitious registered companies so the GB/PK lists are not empty.
INSERT INTO edoc_sandbox_users (identifier, title, type, registered_at) VALUES
  ('4840847211', 'İZİBİZ TEST KULLANICISI', 'OZEL', '2014-01-01T09:00:00+03:00'),
  ('9876543217', 'ANADOLU ECZA DEPOSU A.Ş.', 'OZEL', '2015-03-02T10:00:00+03:00'),
  ('2468135797', 'DENEME TIBBİ MALZEME LTD. ŞTİ.', 'OZEL', '2018-06-11T11:30:00+03:00'),
  ('5555555553', 'ÖRNEK DEVLET HASTANESİ', 'KAMU', '2016-09-01T08:00:00+03:00');
INSERT INTO edoc_sandbox_aliases (identifier, document_type, unit, alias, created_at) VALUES
  ('4840847211', 'INVOICE', 'GB', 'urn:mail:defaultgb@izibiz.com.tr', '2014-01-01T09:00:00+03:00'),
  ('4840847211', 'INVOICE', 'PK', 'urn:mail:defaultpk@izibiz.com.tr', '2014-01-01T09:00:00+03:00'),
  ('4840847211', 'DESPATCHADVICE', 'GB', 'urn:mail:defaultgb@izibiz.com.tr', '2019-07-01T09:00:00+03:00'),
  ('4840847211', 'DESPATCHADVICE', 'PK', 'urn:mail:defaultpk@izibiz.com.tr', '2019-07-01T09:00:00+03:00'),
  ('9876543217', 'INVOICE', 'GB', 'urn:mail:defaultgb@anadoluecza.example', '2015-03-02T10:00:00+03:00'),
  ('9876543217', 'INVOICE', 'PK', 'urn:mail:defaultpk@anadoluecza.example', '2015-03-02T10:00:00+03:00'),
  ('9876543217', 'DESPATCHADVICE', 'GB', 'urn:mail:irsaliyegb@anadoluecza.example', '2020-01-02T10:00:00+03:00'),
  ('9876543217', 'DESPATCHADVICE', 'PK', 'urn:mail:irsaliyepk@anadoluecza.example', '2020-01-02T10:00:00+03:00'),
  ('2468135797', 'INVOICE', 'GB', 'urn:mail:defaultgb@denemetibbi.example', '2018-06-11T11:30:00+03:00'),
  ('2468135797', 'INVOICE', 'PK', 'urn:mail:defaultpk@denemetibbi.example', '2018-06-11T11:30:00+03:00'),
  ('5555555553', 'INVOICE', 'GB', 'urn:mail:defaultgb@ornekhastane.example', '2016-09-01T08:00:00+03:00'),
  ('5555555553', 'INVOICE', 'PK', 'urn:mail:defaultpk@ornekhastane.example', '2016-09-01T08:00:00+03:00');

GRANT SELECT, INSERT, UPDATE, DELETE ON edoc_sandbox_users, edoc_sandbox_aliases, edoc_sandbox_sessions, edoc_sandbox_documents, edoc_sandbox_switches TO tezgah_app;
