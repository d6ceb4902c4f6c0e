import type { TezgahPromiseApi } from '@tezgah/sdk';

/** The announcement and activity calls (openapi/management/announcements.yaml, activity.yaml). */
export const API = '/services/onmuhasebe/api';
export const PATHS = {
  announcements: `${API}/announcements`,
  announcement: `${API}/announcements/{id}`,
  announcementSeen: `${API}/announcements/{id}/seen`,
  announcementsByIds: `${API}/announcements-by-ids`,
  activity: `${API}/company-activity`,
  companyActivity: `${API}/company-activity/{companyId}`,
  profilesFromFile: `${API}/company-profiles-from-file`,
} as const;

export type AnnouncementTarget = 'ALL' | 'COMPANIES' | 'SECTOR';
export interface Announcement {
  id: number; title: string; body: string; startDate: string; endDate: string; target: AnnouncementTarget; companyIds: number[];
  sectorId: number | null; userId: number | null; authorName: string | null; createdDate: string | null; lastModifiedDate: string | null; active: boolean;
}
export interface CompanyActivity {
  companyId: number; companyName: string; title: string | null; active: boolean; startDate: string; endDate: string;
  lastSignIn: string | null; lastSeen: string | null; signIns: number; invoices: number; salesTotal: string; usersCount: number;
}
export interface ActivityDay { date: string; signIns: number; invoices: number; salesTotal: string }
export interface CompanyActivitySeries {
  companyId: number; companyName: string; startDate: string; endDate: string; lastSignIn: string | null; lastSeen: string | null;
  usersCount: number; signIns: number; invoices: number; salesTotal: string; days: ActivityDay[];
}
export interface ProfilesResult { result: string; updated: number; total: number; errors: { row: number; message: string }[] }

type Loose = (method: string, path: string, init?: object) => Promise<unknown>;
type LooseList = (path: string, init?: object) => Promise<{ items: unknown[]; total: number }>;
/** `api.request` / `api.list` with the path as data. */
export const call = (api: TezgahPromiseApi) => api.request as unknown as Loose;
export const page = (api: TezgahPromiseApi) => api.list as unknown as LooseList;

/** PUT /company-profiles-from-file: the xlsx under the field `file`, the FormData sent as it is. */
export function uploadProfiles(api: TezgahPromiseApi, file: File): Promise<ProfilesResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(api)('PUT', PATHS.profilesFromFile, { body: form, bodySerializer: (b: FormData) => b }) as Promise<ProfilesResult>;
}

/** Whether a profiles result means nothing was updated: it begins with 0 before the slash (seeds 001 §8). */
export const profilesFailed = (result: string) => /^\s*0\s*\//.test(result);

/** A decimal amount in Turkish format (1.234,50). */
export const trMoney = (v: string) => {
  const [int = '0', frac = '00'] = v.replace('-', '').split('.');
  return `${v.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac.padEnd(2, '0')}`;
};
export const addDaysIso = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
