import { createHash } from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';

/** A placeholder a prepared query is built with: compiled as one parameter, filled at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/** A hot fixed query, built and compiled once (preparedQuery). */
export interface PreparedQuery<A extends Record<string, unknown>, R> {
  /** The compiled text, with its `/* prepared:… *\/` mark. */
  readonly sql: string;
  /** Runs the query on db (a Kysely, a transaction or a read connection) with these values. */
  run(db: Kysely<any>, args: A): Promise<QueryResult<R>>;
}

/**
 * Builds a query once, with placeholders where its values go, compiles it once, and from then on
 * only fills the placeholders: a hot request (GET /api/account) no longer pays for Kysely's
 * building and compiling of a fixed statement on every call (a sixth of the server's CPU in a
 * profile of that request). The text is marked `/* prepared:<name>_<hash> *\/`, so on pg it is a
 * named prepared statement, parsed and planned once per connection (db/database.ts); the hash of
 * the text keeps two texts under one name (other plugins, another build) apart.
 *
 * `build` gets the placeholders as the values it would get (typed as them): it may use them only
 * as values handed to Kysely (compared, selected, passed to sql``), never read them itself. Every
 * other value the query depends on must stay the same for as long as the prepared query is kept
 * (the caller keeps it per server, beside what it was built from). Any Kysely (a transaction, a
 * read connection) of the same dialect may build it: only its query compiler is used. Select
 * columns by name, not `t.*`: PostgreSQL refuses to run a prepared statement whose row type a
 * later migration changed.
 */
export function preparedQuery<A extends Record<string, unknown>, R>(
  name: string,
  names: readonly (keyof A & string)[],
  build: (slots: A) => Compilable<R>,
): PreparedQuery<A, R> {
  const slots = Object.fromEntries(names.map((n) => [n, new Slot(n)])) as unknown as A;
  const compiled = build(slots).compile();
  const hash = createHash('sha256').update(compiled.sql).digest('hex').slice(0, 12);
  const text = `/* prepared:${name}_${hash} */ ${compiled.sql}`;
  const fill = compiled.parameters.map((p) => (p instanceof Slot ? p.name : null));
  return {
    sql: text,
    run(target, args) {
      const parameters = compiled.parameters.map((p, i) => {
        const slot = fill[i];
        return slot === null || slot === undefined ? p : args[slot];
      });
      const query: CompiledQuery<R> = { query: compiled.query, queryId: createQueryId(), sql: text, parameters };
      return target.executeQuery(query);
    },
  };
}
