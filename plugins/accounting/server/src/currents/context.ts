import { findChartAccounts, findPlaces, type Db } from '../lookups/lookups.repository';
import { currencyIds, existingTags } from './currents.repository';
import { referencedIds, type CurrentInput, type RuleContext } from './rules';

/** Loads in one go what the rules need to check these records: the places, chart codes, currencies and tags they name. */
export async function loadRuleContext(db: Db, companyId: number, records: CurrentInput[], today: string): Promise<RuleContext> {
  const ids = referencedIds(records);
  const [places, chart, currencies, tags] = await Promise.all([
    findPlaces(db, ids), findChartAccounts(db, ids.accountCodes), currencyIds(db), existingTags(db, companyId, ids.tagIds),
  ]);
  return { places, chart, currencies, tags, today };
}
