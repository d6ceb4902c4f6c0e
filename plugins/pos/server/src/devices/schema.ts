import type { Generated } from 'kysely';

export interface PosDevicesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  terminal_serial_no: string;
  provider: 'SANDBOX' | 'TOKENX';
  app_token_enc: string | null;
  api_key_enc: string | null;
  username: string | null;
  password_enc: string | null;
  bank_account_id: number;
  active: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** What the devices area reads of the accounting plugin's tables (read-only: bank accounts of type POS). */
export interface DevicesTables {
  pos_devices: PosDevicesTable;
  bank_accounts: { company_id: number; id: number; name: string; account_type: string; account_code: string; currency_id: number };
}
