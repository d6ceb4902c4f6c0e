/**
 * @tezgah/accounting-web: the accounting screens (seeds 000 §2, §3): current accounts, products and
 * stock, warehouses, units, price lists, taxes, tags, currencies, the money side (safes, banks, bank
 * branches and accounts, money transactions, cheques, the cash and bank widget) and the books (fiscal
 * years, journals, entries, chart of accounts, trial balance, account statement, journal book, the
 * reports as Excel and PDF files), invoices (sales, purchases and expenses: list, form with live
 * totals, invoice page with cancel and PDF), orders received and given (list, form, order page that
 * turns them into invoices), despatches received and sent (irsaliye: list, form, despatch page with
 * attachments, PDF, cancel, and several turned into one invoice), partners and their capital,
 * payments to personnel, and tax declarations with the VAT draft. Composed from its areas; the
 * workbench finds it by `tezgah.web` in package.json.
 */
import { composeAreas } from './area';
import { messages } from './messages';
import { area as currents } from './currents/contribution';
import { area as products } from './products/contribution';
import { area as warehouses } from './warehouses/contribution';
import { area as units } from './units/contribution';
import { area as pricelists } from './pricelists/contribution';
import { area as taxes } from './taxes/contribution';
import { area as tags } from './tags/contribution';
import { area as currencies } from './currencies/contribution';
import { area as ledger } from './ledger/contribution';
import { area as books } from './books/contribution';
import { area as finance } from './finance/contribution';
import { area as safes } from './safes/contribution';
import { area as banks } from './banks/contribution';
import { area as cheques } from './cheques/contribution';
import { area as invoices } from './invoices/contribution';
import { area as orders } from './orders/contribution';
import { area as despatches } from './despatches/contribution';
import { area as missingInvoices } from './missing-invoices/contribution';
import { area as partners } from './partners/contribution';
import { area as personnel } from './personnel/contribution';
import { area as declarations } from './declarations/contribution';
import { area as dashboard } from './dashboard/contribution';
import { area as reports } from './reports/contribution';
import { area as periodic } from './periodic/contribution';
import { area as agenda } from './agenda/contribution';

export default composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [
  { messages },
  dashboard,
  currents, partners, personnel, invoices, orders, despatches, finance, safes, banks, cheques, products, warehouses, units, pricelists, taxes, tags, currencies, ledger, books, declarations,
  reports,
  missingInvoices,
  periodic, agenda,
]);
