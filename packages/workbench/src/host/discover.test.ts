import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { discoverWebPlugins, examplesEnabled } from '../../vite/discover';

// jsdom gives import.meta.url an http address; the tests run from the repository root.
const ROOT = resolve(process.cwd());

describe('the workbench plugin discovery', () => {
  it('leaves the examples out of the product build', () => {
    const names = discoverWebPlugins(ROOT, { examples: false }).map((p) => p.name);
    expect(names).toContain('@tezgah/accounting-web');
    expect(names.some((n) => n.startsWith('@tezgah-examples/'))).toBe(false);
  });

  it('takes them in when asked (TEZGAH_EXAMPLES=1)', () => {
    const names = discoverWebPlugins(ROOT, { examples: true }).map((p) => p.name);
    expect(names).toContain('@tezgah-examples/hello');
    expect(examplesEnabled({ TEZGAH_EXAMPLES: '1' })).toBe(true);
    expect(examplesEnabled({ TEZGAH_EXAMPLES: '0' })).toBe(false);
    expect(examplesEnabled({})).toBe(false);
  });
});
