import { useMemo } from 'react';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import { useApiData } from '@tezgah/workbench/ui';
import { API, call } from '../api';

/**
 * The document a box move or a tracking notification belongs to. The server keeps it as a key
 * ('invoice:5', 'return:7' for a sales return's invoice, 'recete:3'); a goods receipt keeps the
 * document number the person typed. People know these documents by their numbers, so the key is
 * shown as 'Fatura ECZ2026000000005' (the number read from the document itself).
 */
export type DocumentRef = { kind: 'invoice' | 'return' | 'recete'; id: number };

export function parseRef(ref: string | null | undefined): DocumentRef | null {
  const m = /^(invoice|return|recete):(\d+)$/.exec(ref ?? '');
  return m ? { kind: m[1] as DocumentRef['kind'], id: Number(m[2]) } : null;
}

/** A prescription's number as the pharmacist knows it (never the local row's 'L1' when it has another). */
function receteNumber(r: { receteNo?: string | null; ereceteNo?: string | null; protocolNo?: string | null; type?: string | null }): string | null {
  const no = r.receteNo ?? null;
  if (no && !/^L\d+$/.test(no)) return no;
  return r.ereceteNo || (r.type === 'PreparedPrescription' ? r.protocolNo ?? null : null) || no;
}

/** The number of the document of a key (an invoice's documentNo, a prescription's number), null when it cannot be read. */
async function numberOf(api: TezgahPromiseApi, ref: DocumentRef): Promise<string | null> {
  try {
    if (ref.kind === 'recete') return receteNumber(await call(api)('GET', `${API}/recetes/{id}`, { params: { path: { id: ref.id } } }) as Record<string, string | null>);
    const inv = await call(api)('GET', `${API}/invoices/{id}`, { params: { path: { id: ref.id } } }) as { documentNo?: string | null };
    return inv.documentNo ?? null;
  } catch {
    return null;
  }
}

/** The numbers of these keys' documents, read side by side (one that cannot be read is null). */
async function numbersOf(api: TezgahPromiseApi, refs: readonly string[]): Promise<Record<string, string | null>> {
  return Object.fromEntries(await Promise.all(refs.map(async (r) => [r, await numberOf(api, parseRef(r)!)] as const)));
}

/**
 * The documents' numbers of these keys, read through the data layer (an invoice's under its
 * invoice path, a prescription's under its own, so a change to either reads them again);
 * `name(ref, t)` gives the words shown: 'Fatura ECZ2026000000005', 'İade faturası …', 'Reçete
 * 1A2B3C4' (with '#5' while the number is not known or cannot be read), and any other text (a
 * goods receipt's document number) as it is.
 */
export function useDocumentNames(api: TezgahPromiseApi, refs: readonly (string | null | undefined)[]) {
  const wanted = useMemo(() => [...new Set(refs.filter((r): r is string => parseRef(r) !== null))].sort(), [refs]);
  const invoices = wanted.filter((r) => parseRef(r)!.kind !== 'recete');
  const recetes = wanted.filter((r) => parseRef(r)!.kind === 'recete');
  const options = { keepPrevious: true, report: false } as const;
  const ofInvoices = useApiData(['GET', `${API}/invoices/{id}`, { refs: invoices }], () => numbersOf(api, invoices), { ...options, enabled: invoices.length > 0 });
  const ofRecetes = useApiData(['GET', `${API}/recetes/{id}`, { refs: recetes }], () => numbersOf(api, recetes), { ...options, enabled: recetes.length > 0 });
  const numbers: Record<string, string | null> = { ...ofInvoices.data, ...ofRecetes.data };
  return (ref: string | null | undefined, t: (key: string, o: Record<string, unknown>) => string): string => {
    const d = parseRef(ref);
    if (!d) return ref ?? '';
    return t(`refs.${d.kind}`, { no: numbers[ref!] ?? `#${d.id}` });
  };
}
