/**
 * Drift tests: the generated types and the SDK's lists of special operations must match the
 * contract as it is now. When they fail, run `pnpm gen` (and fix PUBLIC_OPERATIONS /
 * TOKEN_OPERATIONS in client.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS, TOKEN_OPERATIONS } from './client';

const SPEC = new URL('../../../openapi/dist/openapi.json', import.meta.url);
const GENERATED = new URL('./generated/api.ts', import.meta.url);

type Operation = { operationId?: string; 'x-public'?: boolean; responses?: Record<string, { headers?: Record<string, unknown> }> };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operations(): Array<{ key: string; op: Operation }> {
  const doc = JSON.parse(readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m]! })),
  );
}

describe('contract drift', () => {
  it('generated/api.ts is what openapi-typescript makes of openapi/dist/openapi.json', async () => {
    // Same call as the CLI behind `pnpm gen:sdk` (the comment header first). A property with a
    // `default` stays optional (`--default-non-nullable=false`): a request may leave it out.
    const expected = COMMENT_HEADER + astToString(await openapiTS(SPEC, { silent: true, defaultNonNullable: false }));
    const actual = readFileSync(fileURLToPath(GENERATED), 'utf8');
    expect(actual === expected, 'packages/sdk/src/generated/api.ts is stale: run `pnpm gen:sdk`').toBe(true);
  }, 60_000);

  it('PUBLIC_OPERATIONS are exactly the x-public operations', () => {
    const expected = operations().filter((o) => o.op['x-public'] === true).map((o) => o.key).sort();
    expect([...PUBLIC_OPERATIONS].sort()).toEqual(expected);
  });

  it('TOKEN_OPERATIONS are exactly the operations answering an Authorization header', () => {
    const expected = operations()
      .filter((o) => Object.values(o.op.responses ?? {}).some((r) => r.headers && 'Authorization' in r.headers))
      .map((o) => o.key)
      .sort();
    expect([...TOKEN_OPERATIONS].sort()).toEqual(expected);
  });
});
