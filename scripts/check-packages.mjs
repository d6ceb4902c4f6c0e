#!/usr/bin/env node
// Checks that the public packages install and work outside the workspace, as a third party gets
// them: packs @tezgah/core, @tezgah/sdk, @tezgah/cli and @tezgah/plugin-server with pnpm (each
// `prepack` builds it), installs the four tarballs with npm into an empty folder under the system temp dir (no
// workspace, no links; only the npm registry is reached, for their dependencies), then runs an
// ES module there that imports the SDK, signs in against a test server (the seeded demo
// database, started once from packages/server/test/harness.ts), lists current accounts and
// creates an invoice with the named calls in both façades, and checks the typed errors. It also
// runs the installed `tezgah --version` and imports @tezgah/core, and checks that
// @tezgah/plugin-server came with its declarations, naming no private package, and with its one
// runtime helper, `pluginProblem`, importable without any dependency and answering the error the
// kernel recognises.
//
//   node scripts/check-packages.mjs [--keep]     (`pnpm check:packages`; --keep leaves the folder)
//   node scripts/check-packages.mjs --app DIR    (runs the check again in a kept folder's app/, without packing)
//
// `npm test` runs it (packages/cli/src/packages.integration.test.ts): some 30 s on a quiet machine.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './ensure.mjs';

const PACKAGES = ['core', 'sdk', 'cli', 'plugin-server'];
const PNPM = join(ROOT, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const reuse = process.argv.includes('--app') ? process.argv[process.argv.indexOf('--app') + 1] : undefined;
const keep = process.argv.includes('--keep') || reuse !== undefined;
const work = reuse ? join(reuse, '..') : mkdtempSync(join(tmpdir(), 'tezgah-packages-'));
const tarballs = join(work, 'tarballs');
const app = reuse ?? join(work, 'app');

function run(cmd, args, cwd, extraEnv = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) {
    throw new Error(`${[cmd, ...args].join(' ')} (in ${cwd}) failed with ${r.status}\n${r.stdout}\n${r.stderr}`);
  }
  console.log(`  ${[cmd === process.execPath ? 'node' : cmd, ...args].join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.stdout;
}

/** Starts the test server in a child process (tsx runs the harness); resolves with its url and a stop function. */
function startServer() {
  const code = `
    const { startTestServer } = await import(${JSON.stringify(join(ROOT, 'packages', 'server', 'test', 'harness.ts'))});
    const server = await startTestServer({ engine: 'pglite', workbenchDir: null });
    process.stdout.write('URL ' + server.url + '\\n');
    process.stdin.resume();
    process.stdin.on('end', async () => { await server.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /URL (\S+)\n/.exec(out);
      if (m) resolve({ url: m[1], stop: () => new Promise((r) => { child.on('exit', r); child.stdin.end(); }) });
    });
    child.on('exit', (c) => reject(new Error(`the test server exited with ${c} before it listened:\n${out}`)));
  });
}

const CONSUMER = `
import assert from 'node:assert/strict';
import { Effect } from 'effect';
import { createClient, createTezgahApi, makeTezgahApi, NotFound, ValidationFailed } from '@tezgah/sdk';
import { isValidTcknOrVkn } from '@tezgah/core';

const baseUrl = process.argv[2];
assert.equal(isValidTcknOrVkn('7345128907'), true);
const today = new Date().toISOString().slice(0, 10);

// The Promise façade.
const api = createTezgahApi({ baseUrl });
await api.authenticate({ username: 'eczaci', password: 'demo1234' });
const currents = await api.currents.list({ page: 0, size: 5, sort: ['name,asc'] });
assert.ok(currents.items.length > 0 && currents.total >= currents.items.length, 'currents.list answers a page');
const customer = (await api.currents.list({ size: 100 })).items.find((c) => c.currentAccountType === 'CUSTOMER');
assert.ok(customer, 'a customer in the demo data');
const units = await api.units.list({ size: 10 });
const product = await api.products.create({
  name: 'Paket kontrolü ' + Date.now(), barcode: 'PKT' + Date.now(), productType: 'SERVICE_GIVEN', unitId: units.items[0].id,
  buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, salePrice: 100,
});
const sale = (explanation) => ({
  invoiceType: 'SALE', currentId: customer.id, date: today, explanation,
  products: [{ productId: product.id, quantity: 1, unitPrice: 100 }],
});
const invoice = await api.invoices.create(sale('Promise façade'));
assert.ok(invoice.id > 0, 'invoices.create answers the invoice');
assert.equal((await api.invoices.get(invoice.id)).id, invoice.id);

// Typed errors: a class to test with instanceof, with the problem's field errors.
const missing = await api.currents.get(2147483000).catch((e) => e);
assert.ok(missing instanceof NotFound, 'NotFound for a current that does not exist');
const invalid = await api.currents.create({ currentAccountType: 'CUSTOMER', name: 'Vergi dairesiz' }).catch((e) => e);
assert.ok(invalid instanceof ValidationFailed, 'ValidationFailed for a customer without a tax office');
assert.ok(invalid.fieldErrors.some((f) => f.field === 'taxOfficeId'), 'the field error names taxOfficeId');

// The Effect API.
const fx = makeTezgahApi(createClient({ baseUrl }));
const result = await Effect.runPromise(
  Effect.gen(function* () {
    yield* fx.authenticate({ username: 'eczaci', password: 'demo1234' });
    const page = yield* fx.currents.list({ size: 5 });
    const created = yield* fx.invoices.create(sale('Effect API'));
    const gone = yield* fx.currents.get(2147483000).pipe(
      Effect.map(() => 'found'),
      Effect.catchTag('NotFound', (e) => Effect.succeed('NotFound ' + e.status)),
    );
    return { listed: page.items.length, invoiceId: created.id, gone };
  }),
);
assert.ok(result.listed > 0 && result.invoiceId > invoice.id);
assert.equal(result.gone, 'NotFound 404');
console.log('consumer: ' + currents.total + ' currents, invoices ' + invoice.id + ' and ' + result.invoiceId + ' created, typed errors ok');
`;

// pluginProblem from the installed tarball: the error a plugin's handler throws, as the kernel recognises it (app.ts).
const PLUGIN_PROBLEM = `
import assert from 'node:assert/strict';
import { pluginProblem, PROBLEM_TITLES } from '@tezgah/plugin-server';

const e = pluginProblem(409, 'Bu adla bir not var.', { code: 'NOTE_EXISTS', field: 'title' });
assert.ok(e instanceof Error);
assert.equal(e.name, 'TezgahProblem');
assert.deepEqual({ ...e }, {
  name: 'TezgahProblem', status: 409, title: 'Çakışma', detail: 'Bu adla bir not var.', code: 'NOTE_EXISTS',
  fieldErrors: [{ field: 'title', message: 'Bu adla bir not var.', code: 'NOTE_EXISTS' }],
});
assert.equal(pluginProblem(404, 'Not bulunamadı.').title, PROBLEM_TITLES[404]);
assert.throws(() => pluginProblem(500, 'x'), RangeError);
console.log('plugin-server: pluginProblem answers a ' + e.status + ' ' + e.name);
`;

// The packages from CommonJS, as a consumer that cannot use import would load them.
const REQUIRE_CJS = `
const assert = require('node:assert/strict');
const sdk = require('@tezgah/sdk');
const core = require('@tezgah/core');
const cli = require('@tezgah/cli');
assert.equal(typeof sdk.makeTezgahPromiseApi, 'function');
assert.equal(typeof require('@tezgah/sdk/node').fileTokenStore, 'function');
assert.equal(core.isValidTckn('10000000146'), true);
assert.equal(typeof require('@tezgah/core/invoice').spreadLargestRemainder, 'function');
assert.equal(typeof cli.runCli, 'function');
console.log('commonjs: require() of @tezgah/sdk, @tezgah/core and @tezgah/cli');
`;

let server;
try {
  if (!reuse) {
    console.log(`packing into ${tarballs}`);
    for (const name of PACKAGES) run(process.execPath, [PNPM, 'pack', '--pack-destination', tarballs], join(ROOT, 'packages', name));
    const files = readdirSync(tarballs).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballs, f));
    if (files.length !== PACKAGES.length) throw new Error(`expected ${PACKAGES.length} tarballs, got ${files.join(', ')}`);

    console.log(`installing into ${app}`);
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'tezgah-consumer', private: true, type: 'module' }, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...files], app);
  }
  writeFileSync(join(app, 'consumer.mjs'), CONSUMER);
  writeFileSync(join(app, 'plugin-problem.mjs'), PLUGIN_PROBLEM);

  // The server-plugin types: declarations only, and none of them pointing at the private server.
  const types = join(app, 'node_modules', '@tezgah', 'plugin-server', 'dist', 'index.d.ts');
  const declared = readFileSync(types, 'utf8');
  if (!/interface ServerPlugin\b/.test(declared) || !/export (type )?\{[^}]*\bServerPlugin\b/.test(declared)) throw new Error(`${types} does not export ServerPlugin`);
  if (declared.includes('@tezgah/server')) throw new Error(`${types} imports the private @tezgah/server`);
  if (!/\bpluginProblem\b/.test(declared)) throw new Error(`${types} does not declare pluginProblem`);
  console.log('  @tezgah/plugin-server: ServerPlugin declared, no private import');
  // Its code: an ES module that imports nothing (no runtime dependency), whose helper works as installed.
  const code = readFileSync(join(app, 'node_modules', '@tezgah', 'plugin-server', 'dist', 'index.js'), 'utf8');
  if (/^\s*import\b|\bimport\s*\(|\brequire\s*\(/m.test(code)) throw new Error('@tezgah/plugin-server dist/index.js imports a module at run time');
  process.stdout.write(`  ${run(process.execPath, ['plugin-problem.mjs'], app)}`);

  // CommonJS: require() of the ES modules (require(esm), Node 20.19+ and 22.12+) finds them through
  // the `default` condition, as a CommonJS consumer would.
  writeFileSync(join(app, 'require.cjs'), REQUIRE_CJS);
  process.stdout.write(`  ${run(process.execPath, ['require.cjs'], app)}`);

  const version = run(join(app, 'node_modules', '.bin', 'tezgah'), ['--version'], app).trim();
  console.log(`  tezgah --version: ${version}`);

  server = await startServer();
  console.log(`test server at ${server.url}`);
  process.stdout.write(run(process.execPath, ['consumer.mjs', server.url], app));
  console.log('packages ok');
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await server?.stop();
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
