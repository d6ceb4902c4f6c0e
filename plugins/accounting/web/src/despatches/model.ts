/**
 * Types, paths, authorities and the form's state of the despatch screens (irsaliye; issue 9;
 * openapi/accounting/despatches.yaml): incoming despatches (IN, gelen irsaliye, from a supplier,
 * /incoming-despatch) put goods into the warehouses, outgoing ones (OUT, giden irsaliye, to a
 * customer, /outgoing-despatch) take them out, when they are written. One module for both
 * (DESPATCH 26: view 1, create 2, update 3, delete 4 — cancel —, to invoice 24). Despatches of
 * one current and direction become one invoice (incoming → purchase, outgoing → sale) whose lines
 * name the despatch lines and move no stock again; once something is invoiced from a despatch it
 * is no longer changed or cancelled.
 */
import { Action, Module, formatDecimalInput, formatNumber, formatQuantity, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { decimalOf, mayInvoice, type InvoiceType, type Product } from '../invoices/model';
import type { Current } from '../finance/model';

export type Despatch = components['schemas']['Despatch'];
export type DespatchLine = components['schemas']['DespatchLine'];
export type DespatchAttachment = components['schemas']['DespatchAttachment'];
export type DespatchDirection = components['schemas']['DespatchDirection'];
export type DespatchStatus = components['schemas']['DespatchStatus'];
export type DespatchInvoicing = components['schemas']['DespatchInvoicing'];
export type DespatchFields = components['schemas']['DespatchFields'];

const API = '/services/onmuhasebe/api';
export const DESPATCHES = `${API}/despatches`;
export const DESPATCH = `${API}/despatches/{id}`;
export const DESPATCHES_TO_INVOICE = `${API}/despatches/to-invoice`;
/** The despatch as an A4 PDF (getDespatchPdf). */
export const DESPATCH_PDF = `${API}/pdf-despatch/{id}`;
/** Upload (multipart, field `files`) to a despatch of the caller's company. */
export const ATTACHMENT_UPLOAD = `${API}/despatch-attachment-lines/{companyId}/{despatchId}`;
/** A despatch's attachments (the despatch's id). */
export const ATTACHMENTS_OF = `${API}/despatch-attachment-lines-by-despatch/{id}`;
/** One attachment: its file (GET) or its removal (DELETE). */
export const ATTACHMENT = `${API}/despatch-attachment-lines/{id}`;

export const DIRECTIONS: readonly DespatchDirection[] = ['IN', 'OUT'];
export const STATUSES: readonly DespatchStatus[] = ['ACTIVE', 'CANCELLED'];
export const INVOICINGS: readonly DespatchInvoicing[] = ['NOT_INVOICED', 'PARTLY', 'INVOICED'];

export const MODULE = Module.DESPATCH;
/** Turning despatches into an invoice: the despatch module's action 24 (the catalogue's "invoice export"). */
export const TO_INVOICE = Action.INVOICE_EXPORT;
/** The invoice despatches become: an incoming one a purchase, an outgoing one a sale. */
export const INVOICE_TYPE_OF: Record<DespatchDirection, InvoiceType> = { IN: 'BUYING', OUT: 'SALE' };
/** Where a direction's list is. */
export const LIST_OF: Record<DespatchDirection, string> = { IN: '/incoming-despatch', OUT: '/outgoing-despatch' };
/** Where a new despatch of a direction is written. */
export const NEW_OF: Record<DespatchDirection, string> = { IN: '/incoming-despatch/new', OUT: '/outgoing-despatch/new' };
/** A despatch's page and its form, under its direction's list. */
export const pageOf = (d: DespatchDirection, id: number) => `${LIST_OF[d]}/${id}`;
export const editOf = (d: DespatchDirection, id: number) => `${LIST_OF[d]}/${id}/edit`;
/** An invoice's page (the invoices area's /invoice/:id). */
export const invoicePage = (id: number) => `/invoice/${id}`;

/** May the user do any of these actions on despatches? */
export const mayDespatch = (host: WorkbenchHost, ...actions: number[]) => host.can({ module: MODULE, anyActions: actions });
/**
 * May the user turn despatches of this direction into an invoice? The server wants the despatch
 * authority 26_24 and the invoice's create authority (a sale 11_2, a purchase 12_2).
 */
export const mayToInvoice = (host: WorkbenchHost, d: DespatchDirection) =>
  host.can({ codes: [`${MODULE}_${TO_INVOICE}`] }) && mayInvoice(host, INVOICE_TYPE_OF[d], Action.CREATE);

/**
 * Why a despatch cannot be changed or cancelled (null: it can): it is cancelled, or something is
 * invoiced from it (the server answers 409 DESPATCH_INVOICED then).
 */
export function lockOf(d: Pick<Despatch, 'status' | 'invoiceIds'>): 'cancelled' | 'invoiced' | null {
  if (d.status === 'CANCELLED') return 'cancelled';
  if (d.invoiceIds.length > 0) return 'invoiced';
  return null;
}

/** Can the despatch go into an invoice: written (not cancelled) with something not yet invoiced. */
export const invoiceable = (d: Pick<Despatch, 'status' | 'invoicing'>) => d.status === 'ACTIVE' && d.invoicing !== 'INVOICED';

/** A file's size as people read it, Turkish (850 B, 12,5 KB, 1,2 MB). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

/** What the server keeps (uploadDespatchAttachments): the kinds, at most 10 MB each and 20 a despatch. */
export const ATTACHMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxCount: 20,
  kinds: 'PDF, PNG, JPEG, WEBP, XML, TXT, CSV, XLSX',
  accept: '.pdf,.png,.jpg,.jpeg,.webp,.xml,.txt,.csv,.xlsx,application/pdf,image/png,image/jpeg,image/webp,text/xml,application/xml,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Files picked for upload checked before they go: the ones above 10 MB, and whether the despatch
 * would hold more than 20. The kinds are recognised by the server from their content.
 */
export function checkUpload(files: readonly { name: string; size: number }[], already: number): { tooLarge: string[]; tooMany: boolean } {
  return {
    tooLarge: files.filter((f) => f.size > ATTACHMENT_LIMITS.maxBytes).map((f) => f.name),
    tooMany: already + files.length > ATTACHMENT_LIMITS.maxCount,
  };
}

// ---------------------------------------------------------------------------------------------
// The form

/** A line as the form holds it. Numbers are the text typed (Turkish, '2,5'). */
export interface DespatchLineDraft {
  key: number;
  product: Product | null;
  /** Delivered now (moves stock). */
  quantity: string;
  /** Sonradan gönderilecek ('' for none; moves no stock). */
  laterSent: string;
  /** The warehouse ('' for the product's). */
  warehouseId: string;
  /** '' for none (the invoice made from it then takes the product's price). */
  unitPrice: string;
  explanation: string;
}

export const blankDespatchLine = (key: number): DespatchLineDraft => ({
  key, product: null, quantity: '1', laterSent: '', warehouseId: '', unitPrice: '', explanation: '',
});

/** What the form starts from: empty for a new despatch, the despatch's own content when it is edited. */
export interface DespatchDraft {
  current: Pick<Current, 'id' | 'name' | 'lastName'> | null;
  despatchDate: string;
  /** '' for the despatch date. */
  shipmentDate: string;
  waybillNo: string;
  bookletNo: string;
  deliveryAddress: string;
  explanation: string;
  lines: DespatchLineDraft[];
}

/** The lines that count: those with a product. */
export const usedDespatchLines = (lines: readonly DespatchLineDraft[]) => lines.filter((l) => l.product !== null);

const text = (s: string) => s.trim() || null;

/**
 * The body of createDespatch (updateDespatch adds the id) from the form's state. An empty waybill
 * number of an outgoing despatch is left out (the server gives the next of the company's series);
 * an incoming one's is the supplier's, null when not known.
 */
export function despatchBody(direction: DespatchDirection, d: Omit<DespatchDraft, 'current'> & { currentId: number }): DespatchFields {
  const waybill = text(d.waybillNo);
  return {
    direction,
    currentId: d.currentId,
    despatchDate: d.despatchDate,
    shipmentDate: d.shipmentDate || null,
    ...(waybill || direction === 'IN' ? { waybillNo: waybill } : {}),
    bookletNo: text(d.bookletNo),
    deliveryAddress: text(d.deliveryAddress),
    explanation: text(d.explanation),
    products: usedDespatchLines(d.lines).map((l) => ({
      productId: l.product!.id,
      quantity: decimalOf(l.quantity),
      ...(l.laterSent.trim() ? { laterSentQuantity: decimalOf(l.laterSent) } : {}),
      ...(l.warehouseId ? { warehouseId: Number(l.warehouseId) } : {}),
      ...(l.unitPrice.trim() ? { unitPrice: decimalOf(l.unitPrice) } : {}),
      ...(l.explanation.trim() ? { explanation: l.explanation.trim() } : {}),
    })),
  };
}

/** Header fields the server may name (anything else it names goes to a notice). */
export const HEADER_FIELDS = new Set(['currentId', 'despatchDate', 'shipmentDate', 'waybillNo', 'bookletNo', 'deliveryAddress', 'explanation', 'lines']);

/**
 * The form's key of a field the server names (`products.0.quantity`, `products/1/warehouseId`):
 * the sent line's key and the part the form shows it at; header fields as they are.
 */
export function despatchFormKey(field: string, sent: readonly Pick<DespatchLineDraft, 'key'>[]): string {
  const [head, index, part] = field.split(/[./[\]]/).filter(Boolean);
  if (head === 'products' && index !== undefined && /^\d+$/.test(index)) {
    const key = sent[Number(index)]?.key;
    if (key === undefined) return 'lines';
    const to: Record<string, string> = {
      productId: 'product', quantity: 'quantity', laterSentQuantity: 'laterSent', warehouseId: 'warehouseId', unitPrice: 'unitPrice', explanation: 'explanation',
    };
    return `line:${key}.${to[part ?? ''] ?? 'product'}`;
  }
  if (head === 'products') return 'lines';
  return head ?? '';
}

/** A quantity as the form types it (Turkish, no thousands dots: '1250', '2,5'). */
export const quantityText = (n: number) => formatQuantity(n, 0).replace(/\./g, '');

/** What a product the company no longer lists looks like to the form: what the despatch's line knows of it (its stock not known). */
function productOfLine(l: DespatchLine): Product {
  return {
    id: l.productId, name: l.productName, barcode: l.barcode, service: false, unitName: l.unitName, warehouseId: l.warehouseId,
    defaultTaxId: 0, defaultTaxRate: 0,
  } as Partial<Product> as Product;
}

/** A despatch's content as the form types it. */
export function draftOfDespatch(d: Despatch, products: ReadonlyMap<number, Product>): DespatchDraft {
  return {
    current: { id: d.currentId, name: d.currentName, lastName: null },
    despatchDate: d.despatchDate,
    shipmentDate: d.shipmentDate && d.shipmentDate !== d.despatchDate ? d.shipmentDate : '',
    waybillNo: d.waybillNo ?? '',
    bookletNo: d.bookletNo ?? '',
    deliveryAddress: d.deliveryAddress ?? '',
    explanation: d.explanation ?? '',
    lines: d.products.map((l, i) => ({
      key: i,
      product: products.get(l.productId) ?? productOfLine(l),
      quantity: quantityText(l.quantity),
      laterSent: l.laterSentQuantity ? quantityText(l.laterSentQuantity) : '',
      warehouseId: String(l.warehouseId),
      unitPrice: l.unitPrice === null ? '' : formatDecimalInput(l.unitPrice, 2, 8),
      explanation: l.explanation ?? '',
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// To invoice

/** What POST /despatches/to-invoice is sent. */
export interface ToInvoiceBody { despatchIds: number[]; date: string; draft: boolean; documentNo?: string | null }

/** The to-invoice body: the despatches, the invoice date, draft or not, and a purchase's supplier number. */
export function toInvoiceBody(direction: DespatchDirection, ids: readonly number[], date: string, draft: boolean, documentNo: string): ToInvoiceBody {
  return { despatchIds: [...ids], date, draft, ...(direction === 'IN' ? { documentNo: text(documentNo) } : {}) };
}
