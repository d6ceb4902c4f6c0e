import type { ComponentType } from 'react';
import { defineWebPlugin, type ContributionProps, type WebPlugin } from '@tezgah/core';
import { account, fakeServer, type FakeServer } from '../../../../packages/workbench/test/fake-server';
import type { EDocument } from './api';

/** Test helpers of the e-document screens: a page that renders one component, documents, a server. */
export const API = '/services/onmuhasebe/api';

/** A plugin with one route, /t, that renders `C` (the e-document plugin gives the texts). */
export function harness(C: ComponentType<ContributionProps>): WebPlugin {
  return defineWebPlugin({ id: 'harness', title: 'Test', routes: [{ path: '/t' }], load: { routes: { '/t': async () => ({ default: C }) } } });
}

/** Sales, purchases and despatches with every action; company settings viewed and changed. */
export const OWNER = ['11_1', '11_2', '11_3', '11_5', '11_46', '12_1', '12_2', '12_3', '12_5', '12_6', '26_1', '26_3', '26_4', '26_5', '21_1', '21_3'];

export function server(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  return s;
}

export function doc(o: Partial<EDocument> = {}): EDocument {
  return {
    id: 41, direction: 'OUTGOING', type: 'EINVOICE', uuid: '3f2b8c1e-5d4a-4c7b-9e1f-0a2b3c4d5e6f', status: 'CONTROL', step: 0, createdDate: '2026-06-10T09:00:00.000Z',
    documentNo: null, prefix: null, profile: 'TEMELFATURA', scenarioType: 'TEMELFATURA', invoiceTypeCode: 'SATIS', issueDate: '2026-06-10',
    partyTitle: 'Ayşe Yılmaz Ltd.', partyIdentifier: '1234567890', total: 1200, currency: 'TRY', totalTry: 1200, statusReason: null, integrator: 'KOLAYSOFT',
    receiverTag: null, senderTag: 'urn:mail:defaultgb@demo.tezgah.local', email: null, invoiceId: 7, despatchId: null, purchaseInvoiceId: null, answer: null,
    answerRequired: false, problems: [], gibCode: null, integratorCode: null, sentAt: null, attempts: 0, history: [], imported: false, ...o,
  };
}
