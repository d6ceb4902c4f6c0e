/** The integrator port: what the e-document plugin's server asks of an özel entegratör. */

export type DocumentType = 'INVOICE' | 'DESPATCHADVICE';

/** A GİB registered user's alias (one row of GİB's user list: one alias of one unit for one document type). */
export interface GibUser {
  identifier: string;
  alias: string;
  title: string;
  type: 'OZEL' | 'KAMU';
  unit: 'GB' | 'PK';
  documentType: DocumentType;
  registeredAt: string;
  deleted: boolean;
}

export type IntegratorErrorKind = 'TIMEOUT' | 'UNAVAILABLE' | 'AUTH' | 'DUPLICATE' | 'SCHEMATRON' | 'INVALID' | 'NOT_FOUND' | 'LIMIT';

export type OutgoingState = 'PROCESSING' | 'SUCCESS' | 'FAILURE' | 'WAITING_ANSWER' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED';

export interface DocumentStatus {
  /** false when the integrator never got the document. */
  found: boolean;
  state: OutgoingState | null;
  /** The integrator's status code, e.g. '112' (e-Arşiv: '130'). */
  code: string | null;
  description: string | null;
  /** GİB's status code of the envelope, e.g. '1300'. */
  gibCode: string | null;
  gibDescription: string | null;
}

export interface InboxItem {
  uuid: string;
  id: string;
  documentType: DocumentType;
  senderVkn: string;
  senderTitle: string;
  receiverVkn: string;
  issueDate: string;
  profile: string;
  typeCode: string;
  payable: string | null;
  currency: string | null;
  xml: string;
  receivedAt: string;
}

export interface SendDocument {
  uuid: string;
  id: string;
  xml: string;
  senderAlias: string;
  receiverAlias: string;
  receiverVkn: string;
}

export interface IntegratorPort {
  /** 'sandbox' | 'live' */
  readonly name: string;
  /** The receiver's aliases for that document type; [] = not a registered user (→ e-Arşiv). */
  checkUser(identifier: string, documentType: DocumentType): Promise<GibUser[]>;
  /** GİB's user list; with `since`, the aliases added or deleted after it (deleted ones flagged). */
  gibUserList(documentType: DocumentType, unit: 'GB' | 'PK', since?: Date | null): Promise<GibUser[]>;
  sendInvoice(doc: SendDocument): Promise<{ txnId: string }>;
  sendEArchive(doc: { uuid: string; id: string; xml: string; email?: string | null; internet: boolean }): Promise<{ txnId: string }>;
  sendDespatch(doc: SendDocument): Promise<{ txnId: string }>;
  /** found=false when the integrator never got it. */
  status(documentType: DocumentType | 'EARCHIVE', uuid: string): Promise<DocumentStatus>;
  cancelEArchive(doc: { uuid: string; id: string; cancelDate: string; total: string; note?: string | null }): Promise<void>;
  /**
   * Incoming documents. `from`/`to` are days (YYYY-MM-DD) of arrival at the integrator
   * (DATE_TYPE CREATE) unless `dateType` is 'ISSUE' (the documents' own dates).
   */
  inbox(q: { documentType: DocumentType; from: string; to: string; unreadOnly: boolean; limit?: number; dateType?: 'CREATE' | 'ISSUE' }): Promise<InboxItem[]>;
  markRead(documentType: DocumentType, uuids: string[]): Promise<void>;
  /** The buyer's answer to a TICARIFATURA (SendInvoiceResponseWithServerSign): within 8 days, once. */
  respond(a: { uuid: string; answer: 'KABUL' | 'RED'; note?: string | null }): Promise<void>;
  /** The XML the integrator holds of an outgoing document; null when it holds none. */
  outboxDocument(documentType: DocumentType | 'EARCHIVE', uuid: string): Promise<string | null>;
}

export interface IntegratorSettings {
  mode: 'sandbox' | 'live';
  urls: { eInvoice: string; eArchive: string; eDespatch: string; auth: string };
  username: string;
  password: string;
  timeoutMs: number;
}
