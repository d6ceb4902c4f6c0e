/**
 * @tezgah/accounting-web: the accounting screens (seeds 000 §2, §3): current accounts, products and
 * stock, warehouses, units, price lists, taxes, tags, currencies. Composed from its areas; the
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

export default composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [
  { messages },
  currents, products, warehouses, units, pricelists, taxes, tags, currencies,
]);
