/**
 * The generated named calls: the drift test (the committed files are what the generator makes of
 * the contract now), the coverage of the contract, the naming rule, and how calls are sent.
 */
import { readFileSync } from 'node:fs';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { generate, HAND_WRITTEN, methodName, RESOURCES_OUT, SCHEMAS_OUT } from '../scripts/gen-resources.mjs';
import { createClient } from './client';
import { makeTezgahApi } from './effect';
import { NotFound, ValidationFailed } from './errors';
import { GENERATED_OPERATION_COUNT, RESOURCE_OPERATIONS } from './generated/resources';
import type { CurrentFields } from './index';
import { makeTezgahPromiseApi } from './promise';
import { fakeFetch, json, problem } from './testing/fake';

const BASE = 'http://tezgah.test';
const API = '/services/onmuhasebe/api';

describe('generated resources', () => {
  it('src/generated/{resources,schemas}.ts are what the generator makes of the contract', () => {
    const { resources, schemas } = generate();
    expect(readFileSync(RESOURCES_OUT, 'utf8') === resources, 'generated/resources.ts is stale: run `pnpm gen:sdk`').toBe(true);
    expect(readFileSync(SCHEMAS_OUT, 'utf8') === schemas, 'generated/schemas.ts is stale: run `pnpm gen:sdk`').toBe(true);
  }, 60_000);

  it('every operation of the contract has a named call, generated or hand-written', () => {
    const doc = JSON.parse(readFileSync(new URL('../../../openapi/dist/openapi.json', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'patch'].filter((m) => item[m]).map((m) => item[m]!.operationId),
    );
    const generated = Object.values(RESOURCE_OPERATIONS).reduce((n, r) => n + Object.keys(r).length, 0);
    expect(generated).toBe(GENERATED_OPERATION_COUNT);
    for (const id of HAND_WRITTEN) expect(ids, `hand-written ${id} is not in the contract`).toContain(id);
    expect(generated + HAND_WRITTEN.size).toBe(ids.length);
  });

  it('names methods from operation ids without the resource noun', () => {
    const nouns = ['Invoices', 'Invoice'];
    expect(methodName('listInvoices', nouns)).toEqual({ name: 'list', exact: true });
    expect(methodName('getInvoice', nouns).name).toBe('get');
    expect(methodName('deleteInvoice', nouns).name).toBe('remove');
    expect(methodName('deleteInvoicePaymentLine', nouns).name).toBe('removePaymentLine');
    expect(methodName('invoicePdf', nouns).name).toBe('pdf');
    expect(methodName('invoicesByDateRange', nouns).name).toBe('byDateRange');
    expect(methodName('createCashInvoice', nouns).name).toBe('createCashInvoice');
    expect(Object.keys(RESOURCE_OPERATIONS.currents)).toEqual(
      expect.arrayContaining(['list', 'get', 'create', 'update', 'remove']),
    );
    // The verb-and-noun form wins a name two operations would take (receteUpdate keeps its id).
    expect(RESOURCE_OPERATIONS.prescriptions.update.path).toBe(`${API}/recetes/{id}`);
    expect(RESOURCE_OPERATIONS.prescriptions.receteUpdate.method).toBe('POST');
  });

  it('leaves fields with a default optional in request types', () => {
    // Compiles only while `active` (default true) is optional: the type-check of the suite fails otherwise.
    const fields: CurrentFields = { currentAccountType: 'CUSTOMER', name: 'Ayşe' };
    expect(fields.active).toBeUndefined();
  });
});

describe('named calls (Promise façade)', () => {
  it('sends path, query, body and Idempotency-Key, and answers a page with its total', async () => {
    const { fetch, requests } = fakeFetch(
      json([{ id: 1, name: 'Ayşe' }], { headers: { 'x-total-count': '41' } }),
      json({ id: 7, name: 'Ayşe' }),
      json({ id: 8 }, { status: 201 }),
      new Response(null, { status: 204 }),
    );
    const api = makeTezgahPromiseApi(createClient({ baseUrl: BASE, fetch }));
    const page = await api.currents.list({ page: 0, size: 1, sort: ['name,asc'] });
    expect(page).toEqual({ items: [{ id: 1, name: 'Ayşe' }], total: 41 });
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url.pathname).toBe(`${API}/currents`);
    expect(requests[0]!.url.searchParams.get('size')).toBe('1');
    expect((await api.currents.get(7)).name).toBe('Ayşe');
    expect(requests[1]!.url.pathname).toBe(`${API}/currents/7`);
    await api.currents.create({ currentAccountType: 'SUPPLIER', name: 'Depo' }, { idempotencyKey: 'k-1' });
    expect(requests[2]!.method).toBe('POST');
    expect(requests[2]!.headers.get('Idempotency-Key')).toBe('k-1');
    expect(JSON.parse(requests[2]!.body)).toEqual({ currentAccountType: 'SUPPLIER', name: 'Depo' });
    await expect(api.currents.remove(8)).resolves.toBeUndefined();
    expect(requests[3]!.method).toBe('DELETE');
    expect(requests[3]!.url.pathname).toBe(`${API}/currents/8`);
  });

  it('sends file parts as multipart form data and reads file answers as a Blob', async () => {
    const { fetch, requests } = fakeFetch(
      json({ count: 1 }),
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } }),
    );
    const api = makeTezgahPromiseApi(createClient({ baseUrl: BASE, fetch }));
    await api.medicines.import({ file: new File(['barkod;ad\n'], 'ilaclar.csv', { type: 'text/csv' }) });
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(requests[0]!.body).toContain('filename="ilaclar.csv"');
    expect(requests[0]!.body).toContain('barkod;ad');
    const pdf = await api.invoices.pdf(3);
    expect(pdf).toBeInstanceOf(Blob);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('rejects with the tagged error of the answer', async () => {
    const { fetch } = fakeFetch(
      problem(400, { title: 'Invalid', fieldErrors: [{ field: 'taxOfficeId', message: 'Müşteri için vergi dairesi zorunludur.' }] }),
    );
    const api = makeTezgahPromiseApi(createClient({ baseUrl: BASE, fetch }));
    const err = await api.currents.create({ currentAccountType: 'CUSTOMER', name: 'Ayşe' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationFailed);
    expect((err as ValidationFailed).fieldErrors[0]?.field).toBe('taxOfficeId');
  });
});

describe('named calls (Effect API)', () => {
  it('fails with a tag that catchTag picks', async () => {
    const { fetch, requests } = fakeFetch(problem(404, { title: 'Not Found' }));
    const api = makeTezgahApi(createClient({ baseUrl: BASE, fetch }));
    const found = await Effect.runPromise(
      api.eDocuments.get(999_999).pipe(
        Effect.map(() => 'found'),
        Effect.catchTag('NotFound', (e: NotFound) => Effect.succeed(`missing ${e.status}`)),
      ),
    );
    expect(found).toBe('missing 404');
    expect(requests[0]!.url.pathname).toBe(`${API}/e-documents/999999`);
  });
});
