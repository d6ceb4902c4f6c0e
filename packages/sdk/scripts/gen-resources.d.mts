/** Where the generated named calls are written. */
export declare const RESOURCES_OUT: string;
/** Where the generated schema type aliases are written. */
export declare const SCHEMAS_OUT: string;
/** The operations src/effect.ts calls by hand. */
export declare const HAND_WRITTEN: ReadonlySet<string>;
/** The method name of an operation in its resource (`getCurrent` with nouns Currents/Current → `get`). */
export declare function methodName(operationId: string, nouns: readonly string[]): { name: string; exact: boolean };
/** The two generated files' texts, as the contract gives them now. */
export declare function generate(): { resources: string; schemas: string };
