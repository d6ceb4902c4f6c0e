-- Management plugin, devices and the device claim flow (issue 14; seeds 000 §2 /device-management,
-- §7 POST /crm/device/request-claim, /validate-claim, /resetPassword, /sms-tasks/forgot-device-password;
-- 001 §2, §7). OUR DESIGN (the seeds name the calls only; see docs/architecture.md, Management).
--
-- management_devices: a mobile device (the field app) registered to a company by a claim: its
-- identifier (serial), the password the device signs in with (scrypt hash; never answered) and
-- when it was last seen. A device identifier belongs to one company at a time.
CREATE TABLE management_devices (
  company_id bigint NOT NULL REFERENCES companies (id),
  id bigserial,
  kind text NOT NULL DEFAULT 'MOBILE' CHECK (kind IN ('MOBILE')),
  serial text NOT NULL CHECK (serial ~ '^[A-Za-z0-9._:-]{4,64}$'),
  name text NOT NULL CHECK (btrim(name) <> ''),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'PASSIVE')),
  password_hash text,
  claimed_at timestamptz,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX management_devices_serial_key ON management_devices (lower(serial));

ALTER TABLE management_devices ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON management_devices USING (company_id = tezgah_company_id()) WITH CHECK (company_id = tezgah_company_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON management_devices TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE management_devices_id_seq TO tezgah_app;

-- management_device_claims: one claim of a device by a company. The one-time password (6 digits)
-- is kept only as an HMAC with the server's secret; it expires (5 minutes), is used once, and the
-- claim becomes VOID after 5 wrong answers. A validated claim carries a reset token (HMAC too)
-- that lets the device set its password once within 15 minutes. Read by the public claim calls
-- only (a device in the field is not signed in), so guarded by the handlers, not by a row policy;
-- no tenant operation reads it.
CREATE TABLE management_device_claims (
  id uuid PRIMARY KEY,
  company_id bigint NOT NULL REFERENCES companies (id),
  device_serial text NOT NULL,
  device_name text,
  phone text NOT NULL,
  otp_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VALIDATED', 'USED', 'VOID')),
  reset_hash text,
  reset_expires_at timestamptz,
  purpose text NOT NULL DEFAULT 'CLAIM' CHECK (purpose IN ('CLAIM', 'FORGOT_PASSWORD')),
  created_at timestamptz NOT NULL,
  validated_at timestamptz,
  used_at timestamptz
);
CREATE INDEX management_device_claims_serial ON management_device_claims (lower(device_serial), created_at);
CREATE INDEX management_device_claims_company ON management_device_claims (company_id, created_at);
