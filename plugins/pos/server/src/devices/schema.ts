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

/** The devices area's tables (bank accounts are read through the accounting plugin's directory). */
export interface DevicesTables {
  pos_devices: PosDevicesTable;
}
