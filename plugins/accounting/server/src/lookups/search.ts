import { sql, type RawBuilder } from 'kysely';
import { likePattern } from '@tezgah/server';

// Turkish-friendly search and sort on either engine. The database's own lower() may not know
// Turkish letters (embedded PGlite runs in the C locale), so both sides are folded the same way:
// lower case, then the Turkish and circumflexed letters to their plain Latin ones
// ("İSTANBUL", "istanbul" and "Istanbul" all match "İstanbul"; "Çorum" sorts among the C's).
const FROM = 'ÇĞİÖŞÜÂÎÛçğıöşüâîû';
const TO = 'cgiosuaiucgiosuaiu';

/** The folded form of a column or expression, for LIKE and ORDER BY. */
export function folded(column: string): RawBuilder<string> {
  return sql<string>`translate(lower(${sql.ref(column)}), ${FROM}, ${TO})`;
}

/** The text folded as {@link folded} folds a column. */
export function foldText(text: string): string {
  const lower = text.toLocaleLowerCase('tr-TR');
  let out = '';
  for (const ch of lower) {
    const i = FROM.indexOf(ch);
    out += i >= 0 ? TO[i] : ch;
  }
  return out;
}

/** A LIKE pattern that finds the search text anywhere inside a {@link folded} column. */
export function foldedPattern(search: string): string {
  return likePattern(foldText(search.trim()));
}
