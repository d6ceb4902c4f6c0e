/**
 * Types, paths and rules of the partner screens (issue 8 "Partners and capital"): the partners are
 * the PARTNER current accounts seen with their capital from the ledger; capital records are
 * commitments (taahhüt, UNPAID_CAPITAL) and payments (CAPITAL) into a lira safe or bank account.
 */
import { Action, Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type Partner = components['schemas']['Partner'];
export type PartnerFields = components['schemas']['PartnerFields'];
export type PartnerType = components['schemas']['PartnerType'];
export type Capital = components['schemas']['Capital'];
export type CapitalKind = components['schemas']['CapitalKind'];

const API = '/services/onmuhasebe/api';
export const PARTNERS = `${API}/partners`;
export const CAPITALS = `${API}/capitals`;

export const PARTNER_TYPES: readonly PartnerType[] = ['INDIVIDUAL', 'CORPORATE'];

/** The partner module's authority for an action (seeds 000 §6: PARTNER 7; capital create 21, delete 22). */
export const mayPartner = (host: WorkbenchHost, action: number) => host.can({ module: Module.PARTNER, anyActions: [action] });
export const mayCapitalCreate = (host: WorkbenchHost) => mayPartner(host, Action.CAPITAL_CREATE);
export const mayCapitalDelete = (host: WorkbenchHost) => mayPartner(host, Action.CAPITAL_DELETE);

/** A partner's name as the lists show it ("Ayşe Yılmaz", or the title of a company). */
export const partnerName = (p: Pick<Partner, 'name' | 'lastName'>) => [p.name, p.lastName].filter(Boolean).join(' ');

/** A share typed the Turkish way ("12,5", "33,33") as a number 0–100 with at most two decimals; an error key otherwise. */
export function readShare(text: string): { value: number } | { error: 'shareRequired' | 'shareRange' } {
  const t = text.trim().replace(/\s|%/g, '');
  if (!t) return { error: 'shareRequired' };
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normal)) return { error: 'shareRange' };
  const n = Number(normal);
  return n > 100 ? { error: 'shareRange' } : { value: n };
}
