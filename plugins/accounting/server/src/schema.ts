import type { Generated, ColumnType } from 'kysely';
import type { Tables as TagsTables } from './tags/schema';
import type { Tables as TaxesTables } from './taxes/schema';
import type { Tables as CurrenciesTables } from './currencies/schema';
import type { Tables as SectorsTables } from './sectors/schema';
import type { Tables as LookupsTables } from './lookups/schema';
import type { Tables as CurrentsTables } from './currents/schema';
import type { Tables as WarehousesTables } from './warehouses/schema';
import type { Tables as ProductsTables } from './products/schema';
import type { Tables as PricelistsTables } from './pricelists/schema';
import type { Tables as LedgerTables } from './ledger/schema';
import type { Tables as SafesTables } from './safes/schema';
import type { Tables as BanksTables } from './banks/schema';
import type { Tables as ChequesTables } from './cheques/schema';
import type { Tables as PartnersTables } from './partners/schema';
import type { Tables as PersonnelTables } from './personnel/schema';
import type { Tables as DeclarationsTables } from './declarations/schema';
import type { Tables as InvoicesTables } from './invoices/schema';
import type { Tables as OrdersTables } from './orders/schema';
import type { Tables as DespatchesTables } from './despatches/schema';
import type { Tables as PeriodicTables } from './periodic/schema';
import type { Tables as AgendaTables } from './agenda/schema';
import type { Tables as MissingInvoicesTables } from './missing-invoices/schema';

export interface UnitsTables {
  units: { company_id: number; id: Generated<number>; name: string; code: string; active: ColumnType<boolean, boolean | undefined, boolean> };
}

/** The accounting plugin's tables, as Kysely sees them (use with `tables<AccountingTables>(ctx)`). */
export type AccountingTables = UnitsTables & TagsTables & TaxesTables & CurrenciesTables & SectorsTables & LookupsTables & CurrentsTables & WarehousesTables & ProductsTables & PricelistsTables & LedgerTables & SafesTables & BanksTables & ChequesTables & PartnersTables & PersonnelTables & DeclarationsTables & InvoicesTables & OrdersTables & DespatchesTables & PeriodicTables & AgendaTables & MissingInvoicesTables;
