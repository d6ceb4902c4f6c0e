-- Accounting: banks, bank branches and bank accounts (issue 8; seeds 000 §3 safe, bank, bank
-- branch, bank account; §5 bank branch: bank and branch required; §7 /banks, /bank-branches,
-- /bank-accounts).
--
-- Decision: which banks a company has. A Turkish accountant opening a bank account picks the bank
-- from the list of Turkish banks (Ziraat, Halkbank, Vakıfbank, İş Bankası, Garanti, Akbank, Yapı
-- Kredi ...) and never types "Türkiye Garanti Bankası A.Ş." by hand; and when they paste an IBAN
-- they expect the program to say whose IBAN it is. So:
--   * bank_directory is the TBB list of banks with their EFT codes (the IBAN's 5-digit bank code
--     is "0" + the EFT code), copied from shared/data/bankalar/bankalar_eft.csv (52 rows: the TBB
--     list of 11.04.2020 plus five participation banks the source marks "to be verified"; see
--     seed-data/SOURCES.md). A global table like the chart of accounts: read, never changed, by
--     requests. It names the bank of any IBAN, whatever the company did to its own list.
--   * banks is the company's own list (the seeds' CRUD /banks): every company starts with the
--     whole directory (onCompanyCreated; this migration for the companies that exist), so the
--     bank field of a bank account or branch offers every Turkish bank from the first day. The
--     company may rename a bank ("Garanti BBVA"), add one the 2020 list lacks (a newer digital or
--     participation bank, a bank abroad) with or without its EFT code, and delete one it does not
--     use. A bank account's IBAN must carry its bank's code (bank_accounts.iban, checked by the
--     handler against the chosen bank and the directory).
--
-- A bank account keeps no balance: its balance is the sum of its own ledger sub-account's lines
-- (102.01, 102.02 …, made when the account is created, ledger/accounts.ts ownAccount). Its
-- opening balance is a posted entry (source BANK_ACCOUNT_OPENING:<id>, debit the account, credit
-- 570 Geçmiş Yıllar Kârları or the account the request names); a change reverses it and posts the
-- new one. money.ts reads company_id, id, name, account_code and currency_id of bank_accounts.

CREATE TABLE bank_directory (
  eft_code text PRIMARY KEY CHECK (eft_code ~ '^[0-9]{4}$'),
  iban_code text NOT NULL UNIQUE CHECK (iban_code ~ '^[0-9]{5}$' AND iban_code = '0' || eft_code),
  name text NOT NULL CHECK (btrim(name) <> ''),
  swift text,
  web text,
  -- false: the source marks the code "to be verified" (five participation banks).
  verified boolean NOT NULL
);

CREATE TABLE banks (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  -- The bank's EFT code (4 digits); null for a bank without one (abroad, not yet listed).
  eft_code text CHECK (eft_code ~ '^[0-9]{4}$'),
  swift text CHECK (swift ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX banks_name_key ON banks (company_id, lower(name));
CREATE UNIQUE INDEX banks_eft_code_key ON banks (company_id, eft_code) WHERE eft_code IS NOT NULL;

CREATE TABLE bank_branches (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  bank_id bigint NOT NULL,
  name text NOT NULL CHECK (btrim(name) <> ''),
  -- Şube kodu, as the bank numbers its branches.
  code text CHECK (code ~ '^[0-9]{1,10}$'),
  city_id integer REFERENCES cities (id),
  address text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, bank_id, id),
  FOREIGN KEY (company_id, bank_id) REFERENCES banks (company_id, id)
);
CREATE UNIQUE INDEX bank_branches_name_key ON bank_branches (company_id, bank_id, lower(name));
CREATE UNIQUE INDEX bank_branches_code_key ON bank_branches (company_id, bank_id, code) WHERE code IS NOT NULL;

CREATE TABLE bank_accounts (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  name text NOT NULL CHECK (btrim(name) <> ''),
  bank_id bigint NOT NULL,
  branch_id bigint,
  -- The seeds' bank account types: trading (vadesiz ticari hesap), credit (kredili hesap), credit
  -- card, online payment, POS.
  account_type text NOT NULL DEFAULT 'TRADING' CHECK (account_type IN ('TRADING', 'CREDIT', 'CREDIT_CARD', 'ONLINE_PAYMENT', 'POS')),
  -- TR, 2 check digits, the 5-digit bank code, a reserved 0, 16 characters of account number.
  iban text CHECK (iban ~ '^TR[0-9]{2}[0-9]{5}0[0-9A-Z]{16}$'),
  account_no text,
  -- Its own ledger sub-account under 102 Bankalar.
  account_code text NOT NULL,
  currency_id integer NOT NULL DEFAULT 1 REFERENCES currencies (id),
  -- In the account's currency; minus for an account that opens owing (an overdrawn credit account,
  -- a credit card's debt).
  opening_balance numeric(20, 2) NOT NULL DEFAULT 0,
  opening_date date,
  -- Lira per unit of a foreign-currency account's opening balance.
  opening_rate numeric(18, 6),
  -- The account the opening balance was set against (570 unless the request named another).
  opening_account text,
  opening_entry_id bigint,
  explanation text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id),
  UNIQUE (company_id, account_code),
  FOREIGN KEY (company_id, bank_id) REFERENCES banks (company_id, id),
  -- The branch is one of the account's bank (no check when there is no branch).
  FOREIGN KEY (company_id, bank_id, branch_id) REFERENCES bank_branches (company_id, bank_id, id),
  FOREIGN KEY (company_id, account_code) REFERENCES ledger_accounts (company_id, code),
  FOREIGN KEY (company_id, opening_entry_id) REFERENCES journal_entries (company_id, id),
  CHECK ((opening_balance <> 0) = (opening_entry_id IS NOT NULL)),
  CHECK (opening_balance = 0 OR opening_date IS NOT NULL)
);
CREATE UNIQUE INDEX bank_accounts_name_key ON bank_accounts (company_id, lower(name));
CREATE UNIQUE INDEX bank_accounts_iban_key ON bank_accounts (company_id, iban) WHERE iban IS NOT NULL;
CREATE INDEX bank_accounts_bank ON bank_accounts (company_id, bank_id);

ALTER TABLE banks ENABLE ROW LEVEL SECURITY;
ALTER TABLE bank_branches ENABLE ROW LEVEL SECURITY;
ALTER TABLE bank_accounts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON banks USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON bank_branches USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
CREATE POLICY tenant ON bank_accounts USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON banks, bank_branches, bank_accounts TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE banks_id_seq, bank_branches_id_seq, bank_accounts_id_seq TO tezgah_app;
-- The directory is reference data: requests read it, never change it.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON bank_directory FROM tezgah_app;
GRANT SELECT ON bank_directory TO tezgah_app;

-- From seed-data/bankalar_eft.csv (a copy of shared/data/bankalar/bankalar_eft.csv), in EFT order.
INSERT INTO bank_directory (eft_code, iban_code, name, swift, web, verified) VALUES
  ('0004', '00004', 'İller Bankası A.Ş.', NULL, 'http://www.ilbank.gov.tr', true),
  ('0010', '00010', 'Türkiye Cumhuriyeti Ziraat Bankası A.Ş.', 'TCZBTR2A', 'http://www.ziraatbank.com.tr', true),
  ('0012', '00012', 'Türkiye Halk Bankası A.Ş.', 'TRHBTR2A', 'http://www.halkbank.com.tr', true),
  ('0014', '00014', 'Türkiye Sınai Kalkınma Bankası A.Ş.', 'TSKBTRIS', 'http://www.tskb.com.tr', true),
  ('0015', '00015', 'Türkiye Vakıflar Bankası T.A.O.', 'TVBATR2A', 'http://www.vakifbank.com.tr', true),
  ('0016', '00016', 'Türk Eximbank', 'TIKBTR2A', 'http://www.eximbank.gov.tr', true),
  ('0017', '00017', 'Türkiye Kalkınma Bankası A.Ş.', 'TKBNTR2A', 'http://www.kalkinma.com.tr', true),
  ('0029', '00029', 'Birleşik Fon Bankası A.Ş.', 'BAYDTRIS', 'http://www.fonbank.com.tr', true),
  ('0032', '00032', 'Türk Ekonomi Bankası A.Ş.', 'TEBUTRIS', 'http://www.teb.com.tr', true),
  ('0046', '00046', 'Akbank T.A.Ş.', 'AKBKTRIS', 'http://www.akbank.com', true),
  ('0059', '00059', 'Şekerbank T.A.Ş.', 'SEKETR2A', 'http://www.sekerbank.com.tr', true),
  ('0062', '00062', 'Türkiye Garanti Bankası A.Ş.', 'TGBATRIS', 'http://www.garanti.com.tr', true),
  ('0064', '00064', 'Türkiye İş Bankası A.Ş.', 'ISBKTRIS', 'http://www.isbank.com.tr', true),
  ('0067', '00067', 'Yapı ve Kredi Bankası A.Ş.', 'YAPITRISFEX', 'http://www.yapikredi.com.tr', true),
  ('0088', '00088', 'The Royal Bank of Scotland Plc.', 'ABNATRIS', 'http://www.rbsbank.com.tr', true),
  ('0091', '00091', 'Arap Türk Bankası A.Ş.', 'ATUBTRIS', 'http://www.atbank.com.tr', true),
  ('0092', '00092', 'Citibank A.Ş.', 'CITITRIX', 'http://www.citibank.com.tr', true),
  ('0094', '00094', 'Bank Mellat', 'BKMTTRIS', 'http://www.mellatbank.com', true),
  ('0096', '00096', 'Turkish Bank A.Ş.', 'TUBATRIS', 'http://www.turkishbank.com.tr', true),
  ('0097', '00097', 'Habib Bank Limited', 'HABBTRIS', 'http://www.habibbank.com.tr', true),
  ('0098', '00098', 'JPMorgan Chase Bank N.A.', 'CHASTRIS', 'http://www.jpmorgan.com/pages/international/turkey', true),
  ('0099', '00099', 'ING Bank A.Ş.', 'INGBTRIS', 'http://www.ingbank.com.tr', true),
  ('0100', '00100', 'Adabank A.Ş.', 'ADABTRIS', 'http://www.adabank.com.tr', true),
  ('0103', '00103', 'Fibabanka A.Ş.', 'FBHLTRIS', 'http://www.fibabanka.com.tr', true),
  ('0108', '00108', 'Turkland Bank A.Ş.', 'TBNKTRIS', 'http://www.tbank.com.tr', true),
  ('0109', '00109', 'Tekstil Bankası A.Ş.', 'TEKBTRIS', 'http://www.tekstilbank.com.tr', true),
  ('0111', '00111', 'Finans Bank A.Ş.', 'FNNBTRIS', 'http://www.finansbank.com.tr', true),
  ('0115', '00115', 'Deutsche Bank A.Ş.', 'BKTRTRIS', 'http://www.db.com.tr', true),
  ('0116', '00116', 'Pasha Yatırım Bankası A.Ş.', 'TAIBTRIS', 'http://www.pashabank.com.tr', true),
  ('0121', '00121', 'Standard Chartered Yatırım Bankası Türk A.Ş.', 'BSUITRIS', 'http://www.standardchartered.com.tr', true),
  ('0122', '00122', 'Société Générale (SA)', 'SOGETRIS', 'http://www.sgcib.com.tr', true),
  ('0123', '00123', 'HSBC Bank A.Ş.', 'HSBCTRIX', 'http://www.hsbc.com.tr', true),
  ('0124', '00124', 'Alternatifbank A.Ş.', 'ALFBTRIS', 'http://www.abank.com.tr', true),
  ('0125', '00125', 'Burgan Bank A.Ş.', 'TEKFTRIS', 'http://www.burgan.com.tr', true),
  ('0129', '00129', 'Merrill Lynch Yatırım Bank A.Ş.', 'MEYYTRISXXX', 'http://www.mlyb.com.tr', true),
  ('0132', '00132', 'İstanbul Takas ve Saklama Bankası A.Ş.', 'TVSBTRIS', 'http://www.takasbank.com.tr', true),
  ('0134', '00134', 'Denizbank A.Ş.', 'DENITRIS', 'http://www.denizbank.com', true),
  ('0135', '00135', 'Anadolubank A.Ş.', 'ANDLTRIS', 'http://www.anadolubank.com.tr', true),
  ('0137', '00137', 'Rabobank A.Ş.', 'RABOTRIS', 'http://www.rabobank.com.tr', true),
  ('0138', '00138', 'Diler Yatırım Bankası A.Ş.', 'DYAKTRIS', 'http://www.dilerbank.com.tr', true),
  ('0139', '00139', 'GSD Yatırım Bankası A.Ş.', 'GSDBTRIS', 'http://www.gsdbank.com.tr', true),
  ('0141', '00141', 'Nurol Yatırım Bankası A.Ş.', 'NUROTRIS', 'http://www.nurolbank.com.tr', true),
  ('0142', '00142', 'BankPozitif Kredi ve Kalkınma Bankası A.Ş.', 'BPTRTRIS', 'http://www.bankpozitif.com.tr', true),
  ('0143', '00143', 'Aktif Yatırım Bankası A.Ş.', 'CAYTTRIS', 'http://www.aktifbank.com.tr', true),
  ('0146', '00146', 'Odea Bank A.Ş.', 'ODEATRIS', 'http://www.odeabank.com.tr', true),
  ('0147', '00147', 'Bank of Tokyo-Mitsubishi UFJ Turkey A.Ş.', 'BOTKTRIS', 'http://www.tu.bk.mufg.jp', true),
  ('0148', '00148', 'Intesa Sanpaolo S.p.A.', 'BCITTRIS', 'http://www.intesasanpaolo.com.tr', true),
  ('0203', '00203', 'Albaraka Türk Katılım Bankası A.Ş.', NULL, NULL, false),
  ('0205', '00205', 'Kuveyt Türk Katılım Bankası A.Ş.', NULL, NULL, false),
  ('0206', '00206', 'Türkiye Finans Katılım Bankası A.Ş.', NULL, NULL, false),
  ('0209', '00209', 'Ziraat Katılım Bankası A.Ş.', NULL, NULL, false),
  ('0210', '00210', 'Vakıf Katılım Bankası A.Ş.', NULL, NULL, false);

-- Every existing company gets the directory as its bank list (new ones get it in onCompanyCreated).
INSERT INTO banks (company_id, name, eft_code, swift)
SELECT c.id, d.name, d.eft_code, d.swift
  FROM companies c CROSS JOIN bank_directory d
 ORDER BY c.id, d.eft_code;
