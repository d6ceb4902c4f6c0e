#!/usr/bin/env node
// Generates the SDK's named calls and named schema types from the contract:
//
// - src/generated/resources.ts: one resource per area file of openapi/ (openapi/accounting/currents.yaml
//   → `currents`), with a method per operation named from its operationId (`listCurrents` → `list`,
//   `getCurrent` → `get`, `deleteCurrent` → `remove`, `listCurrentMainAccounts` → `listMainAccounts`),
//   typed with the operation's path, query, body and answer types from ./api.ts, and the table the
//   runtime (src/operations.ts) builds the calls from;
// - src/generated/schemas.ts: `export type Current = components['schemas']['Current']` for every
//   schema the hand-written modules do not already export.
//
// The identity operations (openapi/kernel) keep their hand-written calls in src/effect.ts; the ones
// those do not cover are generated like the rest. `--check` exits 1 when the files differ from what
// the contract gives now (src/resources.test.ts runs the same comparison).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const OPENAPI = join(repo, 'openapi');
const SPEC = join(OPENAPI, 'dist', 'openapi.json');
const SRC = join(here, '..', 'src');
export const RESOURCES_OUT = join(SRC, 'generated', 'resources.ts');
export const SCHEMAS_OUT = join(SRC, 'generated', 'schemas.ts');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Area file → resource name and the nouns stripped from its operation ids (longest first).
 * A file missing here fails the generation, so a new area gets a deliberate name.
 */
const AREAS = {
  'accounting/agenda.yaml': ['agenda', 'AgendaNotes', 'AgendaNote', 'Agenda'],
  'accounting/banks.yaml': ['banks', 'Banks', 'Bank'],
  'accounting/book-reports.yaml': ['bookReports'],
  'accounting/cheques.yaml': ['cheques', 'Checks', 'Check'],
  'accounting/currencies.yaml': ['currencies', 'Currencies', 'Currency'],
  'accounting/currents.yaml': ['currents', 'Currents', 'Current'],
  'accounting/dashboard.yaml': ['dashboard'],
  'accounting/declarations.yaml': ['declarations', 'Declarations', 'Declaration'],
  'accounting/despatches.yaml': ['despatches', 'Despatches', 'Despatch'],
  'accounting/invoices.yaml': ['invoices', 'Invoices', 'Invoice'],
  'accounting/ledger.yaml': ['ledger'],
  'accounting/lookups.yaml': ['lookups'],
  'accounting/missing-invoices.yaml': ['missingInvoices', 'MissingInvoices', 'MissingInvoice'],
  'accounting/orders.yaml': ['orders', 'Orders', 'Order'],
  'accounting/partners.yaml': ['partners', 'Partners', 'Partner'],
  'accounting/periodic.yaml': ['periodic', 'PeriodicProcesses', 'PeriodicProcess'],
  'accounting/personnel.yaml': ['personnel'],
  'accounting/pricelists.yaml': ['priceLists', 'PriceLists', 'PriceList'],
  'accounting/products.yaml': ['products', 'Products', 'Product'],
  'accounting/safes.yaml': ['safes', 'Safes', 'Safe'],
  'accounting/sale-totals.yaml': ['saleTotals'],
  // `sectors()` (the public list) is a hand-written call; these are the management writes.
  'accounting/sectors.yaml': ['sectorAdmin', 'Sectors', 'Sector'],
  'accounting/tags.yaml': ['tags', 'Tags', 'Tag'],
  'accounting/taxes.yaml': ['taxes', 'Taxes', 'Tax'],
  'accounting/units.yaml': ['units', 'Units', 'Unit'],
  'accounting/warehouses.yaml': ['warehouses', 'Warehouses', 'Warehouse'],
  'edocument/edocument.yaml': ['eDocuments', 'EDocuments', 'EDocument'],
  'kernel/account.yaml': ['system'],
  'kernel/tenancy.yaml': ['sectorAdmin', 'Sectors', 'Sector'],
  'management/activity.yaml': ['management'],
  'management/announcements.yaml': ['announcements', 'Announcements', 'Announcement'],
  'management/crm.yaml': ['management'],
  'management/devices.yaml': ['management'],
  'management/user-settings.yaml': ['management'],
  'pharmacy/emanet.yaml': ['creditProducts', 'CreditProducts', 'CreditProduct'],
  'pharmacy/medicines.yaml': ['medicines', 'Medicines', 'Medicine'],
  'pharmacy/medula.yaml': ['medula', 'Medula'],
  'pharmacy/prescriptions.yaml': ['prescriptions', 'Recetes', 'Recete'],
  'pharmacy/sale.yaml': ['pharmacySale'],
  'pharmacy/settings.yaml': ['pharmacySettings', 'PharmacySettings'],
  'pharmacy/tracking.yaml': ['tracking'],
  'pos/assistant.yaml': ['posAssistants', 'KolayAsistans', 'KolayAsistan'],
  'pos/devices.yaml': ['posDevices', 'PosDevices', 'PosDevice'],
  'pos/links.yaml': ['virtualPayments', 'VirtualPayments', 'VirtualPayment'],
  'pos/payments.yaml': ['posPayments', 'PosPayments', 'PosPayment'],
  'reports/reports.yaml': ['reports', 'Report'],
};

/** The operations src/effect.ts calls by hand (names kept as they were). */
export const HAND_WRITTEN = new Set([
  'health', 'authenticate', 'companyAuthenticate', 'getAccount', 'logout', 'lockSession', 'unlockSession',
  'impersonate', 'logoutImpersonate', 'checkUsername', 'checkMail', 'activateAccount', 'sendActivationEmail',
  'sendActivationSms', 'resetPasswordInit', 'resetPasswordFinish', 'passwordResetActivateFinish', 'updateOwnEmail',
  'listUsers', 'listUsersNoAuthorities', 'getUser', 'getUserCompanyIds', 'createUser', 'updateUser', 'deleteUser',
  'register', 'listUserCompanies', 'listSectors', 'listModules',
  'listCompanies', 'getCompany', 'createCompany', 'updateCompany', 'deleteCompany', 'listCompanyUsers', 'setCompanyUser',
  'listRoles', 'getRole', 'createRole', 'updateRole', 'deleteRole', 'listAuditEvents', 'listOutboxMessages',
]);

/** Keys of the hand-written API a resource must not take. */
const TAKEN = new Set([
  'client', 'request', 'list', 'health', 'authenticate', 'companyAuthenticate', 'account', 'logout', 'impersonate',
  'logoutImpersonate', 'lockSession', 'unlockSession', 'checkUsername', 'checkMail', 'activate', 'sendActivationEmail',
  'sendActivationSms', 'resetPasswordInit', 'resetPasswordFinish', 'passwordResetActivateFinish', 'updateEmail',
  'userCompanies', 'modules', 'sectors', 'register', 'users', 'companies', 'roles', 'audit', 'outbox',
]);

const JS_IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);
const isUpper = (c) => c !== undefined && c >= 'A' && c <= 'Z';

/**
 * The method name of an operation inside its resource, and whether it is the plain
 * verb-and-noun form (`getCurrent`), which wins a name both would take.
 */
export function methodName(operationId, nouns) {
  let name = operationId;
  let exact = false;
  const lead = /^[a-z]+/.exec(operationId)[0];
  const rest = operationId.slice(lead.length);
  found: {
    for (const noun of nouns) {
      const low = lowerFirst(noun);
      // `invoicePdf` → `pdf`, `despatchesToInvoice` → `toInvoice`, `medulaLogin` → `login`
      if (operationId.startsWith(low) && isUpper(operationId[low.length])) {
        name = lowerFirst(operationId.slice(low.length));
        break found;
      }
    }
    for (const noun of nouns) {
      // `getCurrent` → `get`, `listCurrentMainAccounts` → `listMainAccounts`
      if (rest === noun) {
        name = lead;
        exact = true;
        break found;
      }
      if (rest.startsWith(noun) && isUpper(rest[noun.length])) {
        name = lead + rest.slice(noun.length);
        break found;
      }
    }
  }
  if (name === 'delete') name = 'remove';
  else if (name.startsWith('delete') && isUpper(name[6])) name = 'remove' + name.slice(6);
  return { name, exact };
}

function areaFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'dist') out.push(...areaFiles(p));
    } else if (name.endsWith('.yaml') && dir !== OPENAPI) out.push(p);
  }
  return out;
}

/** operationId → area file (relative to openapi/), from the sources the bundle is made of. */
function operationFiles() {
  const files = new Map();
  for (const file of areaFiles(OPENAPI)) {
    const part = parse(readFileSync(file, 'utf8')) ?? {};
    for (const item of Object.values(part.paths ?? {})) {
      for (const m of METHODS) if (item[m]) files.set(item[m].operationId, relative(OPENAPI, file).split('\\').join('/'));
    }
  }
  return files;
}

/** The names the hand-written modules of src/ export (the schema aliases must not clash with them). */
function handExports() {
  const names = new Set();
  for (const f of readdirSync(SRC)) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
    const text = readFileSync(join(SRC, f), 'utf8');
    for (const m of text.matchAll(/^export (?:declare )?(?:type|interface|class|function|const|let|async function|abstract class) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
    for (const m of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
      for (const part of m[1].split(',')) {
        const n = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()?.trim();
        if (n) names.add(n);
      }
    }
  }
  return names;
}

const docLine = (s) => String(s ?? '').split('\n')[0].replace(/\*\//g, '*\\/').trim();
const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function plan(doc) {
  const resolve = (x) => (x && x.$ref ? x.$ref.split('/').slice(1).reduce((a, k) => a[decodeURIComponent(k)], doc) : x);
  const files = operationFiles();
  const resources = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op || HAND_WRITTEN.has(op.operationId)) continue;
      const file = files.get(op.operationId);
      const area = AREAS[file];
      if (!area) throw new Error(`${op.operationId} (${file}): no resource for this area file in AREAS of ${relative(repo, fileURLToPath(import.meta.url))}`);
      const [resource, ...nouns] = area;
      if (TAKEN.has(resource)) throw new Error(`resource name ${resource} is taken by a hand-written call`);
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]);
      for (const p of pathParams) if (!JS_IDENT.test(p)) throw new Error(`${op.operationId}: path parameter ${p} is not an identifier`);
      const query = params.filter((p) => p.in === 'query');
      const content = resolve(op.requestBody)?.content ?? {};
      const body = op.requestBody
        ? content['application/json']
          ? 'json'
          : content['multipart/form-data']
            ? 'multipart'
            : content['application/x-www-form-urlencoded']
              ? 'form'
              : null
        : null;
      if (op.requestBody && !body) throw new Error(`${op.operationId}: request body type ${Object.keys(content)} not handled`);
      const codes = Object.keys(op.responses).filter((c) => /^2\d\d$/.test(c)).sort();
      const answers = codes.map((c) => resolve(op.responses[c]));
      const types = new Set(answers.flatMap((r) => Object.keys(r.content ?? {})));
      let answer;
      if (types.has('application/json')) {
        const r200 = resolve(op.responses['200']);
        const paged =
          m === 'get' &&
          Object.keys(r200?.headers ?? {}).some((h) => h.toLowerCase() === 'x-total-count') &&
          resolve(r200.content?.['application/json']?.schema)?.type === 'array';
        answer = paged ? 'page' : 'json';
      } else if ([...types].some((t) => t.startsWith('text/') || t === 'application/xml')) answer = 'text';
      else if (types.size > 0) answer = 'blob';
      else answer = 'void';
      let multipart;
      if (body === 'multipart') {
        const schema = resolve(content['multipart/form-data'].schema);
        const required = new Set(schema.required ?? []);
        multipart = Object.entries(schema.properties ?? {}).map(([name, s0]) => {
          const s = resolve(s0);
          const binary = s.format === 'binary' || s.contentMediaType !== undefined;
          const binaries = s.type === 'array' && (resolve(s.items)?.format === 'binary');
          return { name, required: required.has(name), file: binary ? 'one' : binaries ? 'many' : null };
        });
      }
      const { name, exact } = methodName(op.operationId, nouns);
      if (!resources.has(resource)) resources.set(resource, { files: new Set(), methods: [] });
      const r = resources.get(resource);
      r.files.add(file);
      r.methods.push({
        name, exact, operationId: op.operationId, method: m.toUpperCase(), path, pathParams,
        query: query.length > 0, queryRequired: query.some((p) => p.required === true),
        body, bodyRequired: op.requestBody ? resolve(op.requestBody).required === true : false,
        codes: codes.map(Number), answer, multipart, summary: op.summary ?? op.description,
      });
    }
  }
  for (const r of resources.values()) {
    const byName = new Map();
    for (const mth of r.methods) byName.set(mth.name, [...(byName.get(mth.name) ?? []), mth]);
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      const winner = group.filter((x) => x.exact);
      for (const mth of group) if (winner.length !== 1 || mth !== winner[0]) mth.name = mth.operationId;
    }
    const seen = new Set();
    for (const mth of r.methods) {
      if (seen.has(mth.name)) throw new Error(`method name ${mth.name} used twice`);
      seen.add(mth.name);
    }
  }
  return new Map([...resources].sort(([a], [b]) => a.localeCompare(b)));
}

function signature(m) {
  const K = quote(m.operationId);
  const args = [];
  for (const p of m.pathParams) args.push({ name: p, type: `OpPath<${K}>[${quote(p)}]`, required: true });
  if (m.body === 'multipart') {
    const fields = m.multipart.map((f) => {
      const t = f.file === 'one' ? 'Blob' : f.file === 'many' ? 'Blob[]' : `MultipartBody<${K}>[${quote(f.name)}]`;
      return `${JSON_KEY(f.name)}${f.required ? '' : '?'}: ${t}`;
    });
    args.push({ name: 'body', type: `{ ${fields.join('; ')} }`, required: m.bodyRequired });
  } else if (m.body) args.push({ name: 'body', type: `OpBody<${K}>`, required: m.bodyRequired });
  if (m.query) args.push({ name: 'query', type: `OpQuery<${K}>`, required: m.queryRequired });
  // An optional argument before a required one is written `x: T | undefined`.
  let laterRequired = false;
  for (let i = args.length - 1; i >= 0; i--) {
    if (!args[i].required && laterRequired) { args[i].type += ' | undefined'; args[i].required = true; }
    laterRequired ||= args[i].required;
  }
  const codes = m.codes.join(' | ');
  const answer =
    m.answer === 'page' ? `Page<ItemOf<OpAnswer<${K}, 200>>>`
      : m.answer === 'json' ? `OpAnswer<${K}, ${codes}>`
        : m.answer === 'text' ? 'string'
          : m.answer === 'blob' ? 'Blob'
            : 'void';
  const list = [...args.map((a) => `${a.name}${a.required ? '' : '?'}: ${a.type}`), 'init?: CallInit'];
  return `${m.name}(${list.join(', ')}): TezgahEffect<${answer}>;`;
}

const JSON_KEY = (k) => (JS_IDENT.test(k) ? k : quote(k));

export function generate() {
  const doc = JSON.parse(readFileSync(SPEC, 'utf8'));
  const resources = plan(doc);
  const head = [
    '// Generated by packages/sdk/scripts/gen-resources.mjs from the contract (openapi/). Do not edit:',
    '// `pnpm gen:sdk` writes it again and src/resources.test.ts fails when it is stale.',
  ];
  const out = [
    ...head,
    "import type { CallInit, ItemOf, MultipartBody, OpAnswer, OpBody, OpPath, OpQuery, OperationSpec } from '../operations';",
    "import type { Page, TezgahEffect } from '../effect';",
    '',
    '/** The named calls of every area, one resource per area file of the contract. */',
    'export interface GeneratedResources {',
  ];
  const table = ['/** How each named call is sent (read by `buildResources`). */', 'export const RESOURCE_OPERATIONS = {'];
  let count = 0;
  for (const [resource, r] of resources) {
    out.push(`  /** Operations of ${[...r.files].sort().map((f) => `openapi/${f}`).join(', ')}. */`);
    out.push(`  readonly ${resource}: {`);
    table.push(`  ${resource}: {`);
    for (const m of r.methods) {
      count++;
      const summary = docLine(m.summary);
      out.push(`    /** \`${m.method} ${m.path}\` (${m.operationId})${summary ? `: ${summary}` : ''} */`);
      out.push(`    ${signature(m)}`);
      const spec = [
        `method: '${m.method}'`, `path: ${quote(m.path)}`, `pathParams: [${m.pathParams.map(quote).join(', ')}]`,
        `body: ${m.body ? quote(m.body) : 'null'}`, `query: ${m.query}`, `answer: '${m.answer}'`,
      ];
      table.push(`    ${m.name}: { ${spec.join(', ')} },`);
    }
    out.push('  };');
    table.push('  },');
  }
  out.push('}', '');
  table.push('} as const satisfies Record<string, Record<string, OperationSpec>>;', '');
  table.push(`/** How many operations have a generated call (the others are the hand-written identity calls). */`);
  table.push(`export const GENERATED_OPERATION_COUNT = ${count};`, '');
  const resourcesText = [...out, ...table].join('\n');

  const taken = handExports();
  const schemaNames = Object.keys(doc.components?.schemas ?? {}).filter((n) => JS_IDENT.test(n) && !taken.has(n)).sort();
  const schemasText = [
    ...head,
    "import type { components } from './api';",
    '',
    'type S = components[\'schemas\'];',
    '',
    ...schemaNames.map((n) => {
      const d = docLine(doc.components.schemas[n].description);
      return `${d ? `/** ${d} */\n` : ''}export type ${n} = S[${quote(n)}];`;
    }),
    '',
  ].join('\n');
  return { resources: resourcesText, schemas: schemasText };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { resources, schemas } = generate();
  if (process.argv.includes('--check')) {
    const read = (p) => { try { return readFileSync(p, 'utf8'); } catch { return ''; } };
    if (read(RESOURCES_OUT) !== resources || read(SCHEMAS_OUT) !== schemas) {
      console.error('packages/sdk/src/generated/{resources,schemas}.ts are stale: run `pnpm gen:sdk`');
      process.exit(1);
    }
  } else {
    writeFileSync(RESOURCES_OUT, resources);
    writeFileSync(SCHEMAS_OUT, schemas);
    console.log(`packages/sdk/src/generated/resources.ts, schemas.ts written`);
  }
}
