import type { EDocumentCategory } from '@tezgah/edocument-common';
import { API, ZIP_OF, type EDocumentListStatusValue } from './api';

/** The tabs of /e-documents and the list, zip and authorities of each (the calls' x-authority). */
export const TABS = {
  incoming: { path: `${API}/incoming-invoices`, zip: ZIP_OF.incomingInvoices, view: ['12_1'], zipCodes: ['12_5', '12_24'], categories: ['EINVOICE', 'EARCHIVE'], incoming: true, despatch: false },
  outgoing: { path: `${API}/outgoing-invoices`, zip: ZIP_OF.outgoingInvoices, view: ['11_1'], zipCodes: ['11_5', '11_24'], categories: ['EINVOICE', 'EARCHIVE'], incoming: false, despatch: false },
  all: { path: `${API}/incoming-outgoing-invoices`, zip: ZIP_OF.allInvoices, view: ['11_1', '12_1'], zipCodes: ['11_5', '12_5', '16_5'], categories: ['EINVOICE', 'EARCHIVE'], incoming: false, despatch: false },
  incomingDespatch: { path: `${API}/incoming-despatches`, zip: ZIP_OF.incomingDespatches, view: ['26_1'], zipCodes: ['26_5'], categories: [], incoming: true, despatch: true },
  outgoingDespatch: { path: `${API}/outgoing-despatches`, zip: ZIP_OF.outgoingDespatches, view: ['26_1'], zipCodes: ['26_5'], categories: [], incoming: false, despatch: true },
} as const satisfies Record<string, { path: string; zip: string; view: readonly string[]; zipCodes: readonly string[]; categories: readonly EDocumentCategory[]; incoming: boolean; despatch: boolean }>;
export type TabId = keyof typeof TABS;
export const TAB_IDS = Object.keys(TABS) as TabId[];

/** Who sees the page: any of its tabs. */
export const PAGE_CODES = ['11_1', '12_1', '26_1'];

export const LIST_STATUSES: readonly EDocumentListStatusValue[] = ['SUCCESS', 'SENDING', 'FAILURE', 'CANCEL'];

export interface ListFilters {
  startDate: string;
  endDate: string;
  status: '' | EDocumentListStatusValue;
  category: '' | EDocumentCategory;
}
export const NO_FILTERS: ListFilters = { startDate: '', endDate: '', status: '', category: '' };

export const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The list call's query from the table's page and the filters: only the filters given (a date
 * only when whole, a category only where the tab offers it).
 */
export function listQuery(tab: TabId, f: ListFilters, q: { page: number; size: number; sort: string; search?: string }): Record<string, unknown> {
  const cats = TABS[tab].categories as readonly string[];
  return {
    page: q.page, size: q.size, sort: [q.sort],
    ...(q.search ? { search: q.search } : {}),
    ...(isDay(f.startDate) ? { startDate: f.startDate } : {}),
    ...(isDay(f.endDate) ? { endDate: f.endDate } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.category && cats.includes(f.category) ? { category: f.category } : {}),
  };
}

/** The zip's file name when the server gives none: e-belgeler-<tab>-<count>.zip. */
export const zipName = (tab: TabId, count: number) => `e-belgeler-${tab}-${count}.zip`;
