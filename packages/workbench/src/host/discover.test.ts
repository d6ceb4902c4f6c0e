import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { discoverWebPlugins, examplesEnabled } from '../../vite/discover';
// @ts-expect-error: a plain ES module script without declarations
import { workbenchStamp } from '../../../../scripts/build-workbench.mjs';

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

describe('outside plugin packages in the workbench build (TEZGAH_PLUGINS)', () => {
  it("takes a named package's tezgah.web entry after the repository's plugins, and stops at a missing one", () => {
    const project = mkdtempSync(join(tmpdir(), 'tezgah-outside-web-'));
    try {
      const dir = join(project, 'node_modules', '@acme', 'tezgah-notes');
      mkdirSync(join(dir, 'dist', 'web'), { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@acme/tezgah-notes', version: '1.0.0', tezgah: { id: 'acme-notes', web: './dist/web/index.js' } }));
      writeFileSync(join(dir, 'dist', 'web', 'index.js'), 'export default {};\n');
      const list = discoverWebPlugins(ROOT, { examples: false, env: { TEZGAH_PLUGINS: '@acme/tezgah-notes', INIT_CWD: project } });
      expect(list.at(-1)).toEqual({ name: '@acme/tezgah-notes', dir, entry: join(dir, 'dist', 'web', 'index.js') });
      expect(list.map((p) => p.name)).toContain('@tezgah/accounting-web');
      expect(() => discoverWebPlugins(ROOT, { examples: false, env: { TEZGAH_PLUGINS: '@acme/missing', INIT_CWD: project } })).toThrow(/TEZGAH_PLUGINS: @acme\/missing: package not found/);

      // The build stamp (npm start rebuilds when it changes) follows the list and the packages' versions.
      const before = process.env.TEZGAH_PLUGINS;
      try {
        delete process.env.TEZGAH_PLUGINS;
        const none = workbenchStamp();
        process.env.TEZGAH_PLUGINS = dir;
        const one = workbenchStamp();
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@acme/tezgah-notes', version: '1.0.1', tezgah: { id: 'acme-notes', web: './dist/web/index.js' } }));
        const next = workbenchStamp();
        // A page the entry imports, changed with no new version (a plugin being worked on).
        writeFileSync(join(dir, 'dist', 'web', 'Page.js'), 'export default function Page() { return null; }\n');
        const page = workbenchStamp();
        expect(new Set([none, one, next, page]).size).toBe(4);
        expect(workbenchStamp()).toBe(page);
      } finally {
        if (before === undefined) delete process.env.TEZGAH_PLUGINS;
        else process.env.TEZGAH_PLUGINS = before;
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
