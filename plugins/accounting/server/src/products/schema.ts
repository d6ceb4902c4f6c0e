/** Tables of this area, as Kysely sees them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}
