import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOutsidePlugin } from '../../test/outside-plugin';
import { loadDocument, mergeContract, operations, OutsidePluginError, type ContractFragment } from './contract';
import { discoverServerPlugins, outsidePlugins } from './discover';
import { foreignSchemaReference, listMigrations, pluginSchema } from '../db/migrate';
import { KERNEL_MIGRATIONS } from '../server';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const outside = (edit?: Parameters<typeof writeOutsidePlugin>[0]) => {
  const w = writeOutsidePlugin(edit);
  roots.push(w.root);
  return w;
};
const op = (operationId: string) => ({ get: { operationId, responses: { '200': { description: 'ok' } } } });
const fragment = (doc: ContractFragment['doc'], plugin = 'acme-notes'): ContractFragment => ({ plugin, source: 'test.yaml', doc });

describe('outside plugins from TEZGAH_PLUGINS', () => {
  it('loads a package from the project root node_modules: its server entry, its contract, its migrations confined to its schema', async () => {
    const { root, dir } = outside();
    const [plugin, ...rest] = await outsidePlugins([root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' });
    expect(rest).toEqual([]);
    expect(plugin!.id).toBe('acme-notes');
    expect(Object.keys(plugin!.handlers).sort()).toEqual(['acmeNotesCreate', 'acmeNotesList']);
    expect(plugin!.migrations).toEqual({ owner: 'acme-notes', dir: join(dir, 'migrations'), schema: 'plugin_acme_notes' });
    expect(Object.keys(plugin!.contract!.doc.paths!)).toEqual(['/plugins/acme-notes/notes']);
    // Its migrations come after the repository's whatever their timestamps.
    const order = listMigrations([plugin!.migrations!, KERNEL_MIGRATIONS]).map((m) => m.name);
    expect(order.at(-1)).toBe('acme-notes/20200101000000-notes');
    expect(order[0]).toMatch(/^kernel\//);
  });

  it('stops with the name of a package that is missing or whose server part does not fit', async () => {
    const { root } = outside();
    await expect(outsidePlugins([root], { TEZGAH_PLUGINS: '@acme/missing' })).rejects.toThrow(/TEZGAH_PLUGINS: @acme\/missing: package not found/);
    const other = outside((f) => { f['dist/server/index.js'] = f['dist/server/index.js']!.replace("id: 'acme-notes'", "id: 'notes'"); });
    await expect(outsidePlugins([other.root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).rejects.toThrow(`its server plugin's id is "notes", its manifest's "acme-notes"`);
    await expect(outsidePlugins([other.root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).rejects.toThrow(OutsidePluginError);
    const stray = outside((f) => { f['dist/server/index.js'] = f['dist/server/index.js']!.replace('async acmeNotesCreate', 'async getAccount'); });
    await expect(outsidePlugins([stray.root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).rejects.toThrow('handler getAccount answers no operation of its own contract');
  });

  it("refuses an id the repository's plugins already have", async () => {
    const { root } = outside((f) => {
      f['package.json'] = f['package.json']!.replace('"id":"acme-notes"', '"id":"accounting"');
      f['contract/openapi.yaml'] = f['contract/openapi.yaml']!.replace('/plugins/acme-notes/', '/plugins/accounting/');
      f['dist/server/index.js'] = f['dist/server/index.js']!.replace("id: 'acme-notes'", "id: 'accounting'");
    });
    const cwd = process.cwd();
    process.chdir(root);
    try {
      await expect(discoverServerPlugins(undefined, { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).rejects.toThrow('plugin id "accounting" is already the id of one of the repository\'s plugins');
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('merging a contract fragment', () => {
  const base = loadDocument();
  const someOperation = operations(base)[0]!;
  const someSchema = Object.keys(base.components.schemas)[0]!;

  it('adds its paths and components, and leaves the base document alone', () => {
    const merged = mergeContract(base, [fragment({ paths: { '/plugins/acme-notes/x': op('acmeX') }, components: { schemas: { AcmeX: { type: 'string' } } } })]);
    expect(merged.paths['/plugins/acme-notes/x'].get.operationId).toBe('acmeX');
    expect(merged.components.schemas.AcmeX).toEqual({ type: 'string' });
    expect(operations(merged).length).toBe(operations(base).length + 1);
    expect(base.paths['/plugins/acme-notes/x']).toBeUndefined();
  });

  it('refuses a path outside /plugins/<id>/, a path or an operationId already there, and a schema name already there', () => {
    expect(() => mergeContract(base, [fragment({ paths: { '/api/acme': op('acmeX') } })])).toThrow('plugin acme-notes (test.yaml): path /api/acme is outside its prefix /plugins/acme-notes/');
    expect(() => mergeContract(base, [fragment({ paths: { '/api/acme': op('acmeX') } })])).toThrow(OutsidePluginError);
    expect(() => mergeContract(base, [fragment({ paths: { '/plugins/acme-notes/x': op('acmeX') } }), fragment({ paths: { '/plugins/acme-notes/x': op('acmeY') } })]))
      .toThrow('path /plugins/acme-notes/x is already in the contract');
    expect(() => mergeContract(base, [fragment({ paths: { '/plugins/acme-notes/x': op(someOperation.operationId) } })]))
      .toThrow(`operationId ${someOperation.operationId} (GET /plugins/acme-notes/x) is already the operation of ${someOperation.path}`);
    expect(() => mergeContract(base, [fragment({ components: { schemas: { [someSchema]: { type: 'string' } } } })]))
      .toThrow(`components.schemas.${someSchema} is already in the contract`);
    expect(() => mergeContract(base, [fragment({ paths: { '/plugins/acme-notes/x': { get: { responses: {} } } } })])).toThrow('GET /plugins/acme-notes/x has no operationId');
  });
});

describe("an outside plugin's migrations", () => {
  it('live in plugin_<id> and may not name another schema, the search path or a role', () => {
    expect(pluginSchema('acme-notes')).toBe('plugin_acme_notes');
    expect(foreignSchemaReference('create table notes (id int); create index on plugin_acme_notes.notes (id);', 'plugin_acme_notes')).toBeNull();
    expect(foreignSchemaReference('-- not public.users\ncreate table t (note text default \'public.x\');', 'plugin_acme_notes')).toBeNull();
    expect(foreignSchemaReference('insert into public.users (login) values (\'x\');', 'plugin_acme_notes')).toBe('public');
    expect(foreignSchemaReference('update "plugin_other".things set a = 1;', 'plugin_acme_notes')).toBe('plugin_other');
    expect(foreignSchemaReference('set search_path to public;', 'plugin_acme_notes')).toBe('search_path');
    expect(foreignSchemaReference('set local role postgres;', 'plugin_acme_notes')).toBe('the role');
  });
});
