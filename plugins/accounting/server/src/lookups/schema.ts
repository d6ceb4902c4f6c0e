/** Tables of this area, as Kysely sees them: global reference data, no company_id. */
export interface Tables {
  countries: { id: number; code: string; alpha3: string | null; numeric_code: string | null; name: string; name_en: string; currency_code: string | null; phone_code: string | null };
  cities: { id: number; country_id: number; plate_code: string; name: string; metropolitan: boolean };
  city_subdivisions: { id: number; city_id: number; name: string };
  tax_offices: { id: number; code: string; name: string; city_id: number; city_subdivision_id: number | null; district: string };
  /** The uniform chart of accounts (Tekdüzen Hesap Planı): classes (level 1), groups (2), accounts (3). */
  chart_accounts: { code: string; name: string; level: number; parent_code: string | null; postable: boolean };
}
