/** Tables of this area, as Kysely sees them: none of its own (the kernel owns `sectors`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}
