import { describe, expect, it } from 'vitest';
import type { components } from '@tezgah/sdk';
import type { ConnectorSetting, KolayAsistan, PosDevice, PosPayment, VirtualPayment } from './api';
import type { LinkSettings } from './links/LinksPage';
import type { linkSettingsBody } from './links/LinksPage';

/**
 * The screens' own types (api.ts) against the contract (the SDK generated from openapi/pos):
 * what the server answers must fit what the screens read. The assignments below fail the
 * typecheck (tsc -p packages/workbench) when a schema drifts from them.
 */
type S = components['schemas'];
export const fits = {
  device: (x: S['PosDevice']): PosDevice => x,
  payment: (x: S['PosPayment']): PosPayment => x,
  link: (x: S['VirtualPayment']): VirtualPayment => x,
  assistant: (x: S['ConnectorAssistant']): KolayAsistan => x,
  connector: (x: S['ConnectorSetting']): ConnectorSetting => x,
  linkSettings: (x: S['VirtualPaymentSettings']): LinkSettings => x,
};
/** What the screens send must be a body the contract takes. */
export const sends = {
  device: (x: Required<Pick<S['PosDeviceCreate'], 'name' | 'terminalSerialNo' | 'bankAccountId'>> & S['PosDeviceCreate']): S['PosDeviceCreate'] => x,
  status: (x: { id: number; status: PosPayment['status'] }): S['PosPaymentStatusChange'] => x,
  link: (x: { currentId: number; amount: string; description: string }): S['VirtualPaymentCreate'] => x,
  linkSettings: (x: ReturnType<typeof linkSettingsBody>): S['VirtualPaymentSettingsUpdate'] => x,
};

describe('the contract', () => {
  it('is checked by the typecheck (the functions above only pass values through)', () => {
    const p = { id: 1, status: 'PENDING' } as unknown as S['PosPayment'];
    expect(fits.payment(p)).toBe(p);
  });
});
