import type { ColumnType, Generated } from 'kysely';

/** numeric columns: written as numbers or strings, read back as strings on both engines. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** Tables of this area, as Kysely sees them. */
export interface Tables {
  currents: {
    company_id: number;
    id: Generated<number>;
    type: string;
    name: string;
    last_name: string | null;
    title: string | null;
    gender: string | null;
    /** Read as text (`birthday::text`) so no time zone moves the day. */
    birthday: ColumnType<string | Date | null, string | null | undefined, string | null>;
    currency_id: ColumnType<number, number | undefined, number>;
    phone: string | null;
    fax: string | null;
    email: string | null;
    web_address: string | null;
    contact_person: string | null;
    address: string | null;
    country_id: number | null;
    city_id: number | null;
    city_subdivision_id: number | null;
    postcode: string | null;
    tax_number: string | null;
    tax_office_id: number | null;
    iban: string | null;
    account_group_code: string;
    patient_type: string | null;
    partner_type: string | null;
    share_percentage: Numeric;
    capital: Numeric;
    active: ColumnType<boolean, boolean | undefined, boolean>;
    created_date: ColumnType<Date, Date | string | undefined, never>;
    last_modified_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  current_tags: { company_id: number; id: Generated<number>; current_id: number; tag_id: number };
  current_main_accounts: {
    company_id: number;
    id: Generated<number>;
    current_id: number;
    account_code: string;
    currency_id: number;
    created_date: ColumnType<Date, Date | string | undefined, never>;
  };
}
