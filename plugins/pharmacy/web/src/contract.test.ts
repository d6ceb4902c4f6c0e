import { describe, expect, it } from 'vitest';
import type { components } from '@tezgah/sdk';
import type { Doctor, HastaRapor, MajistralResult, MedulaResult, PreparedRecete, PreparedSummary, Rapor, Tesis } from './api';
import type { CreditProduct, Equivalent, MedulaOutboxItem, OutboxItem, PharmacyCounter, PharmacySettings, Recete, WarningCode, BoxInfo, ItsProduct } from './api';

/**
 * The screens' own types (api.ts) against the contract (the SDK generated from openapi/pharmacy):
 * what the server answers must fit what the screens read. The assignments below fail the
 * typecheck (tsc -p packages/workbench) when a schema drifts from them.
 */
type S = components['schemas'];
export const fits = {
  counter: (x: S['PharmacyCounter']): PharmacyCounter => x,
  recete: (x: S['Recete']): Recete => x,
  creditProduct: (x: S['CreditProduct']): CreditProduct => x,
  equivalent: (x: S['MedicineEquivalent']): Equivalent => x,
  warningCode: (x: S['ReceteWarningCode']): WarningCode => x,
  outbox: (x: S['TrackingOutboxItem']): OutboxItem => x,
  medulaOutbox: (x: S['MedulaOutboxItem']): MedulaOutboxItem => x,
  settings: (x: S['PharmacySettings']): PharmacySettings => x,
  box: (x: S['PharmacyBoxDetail']): BoxInfo => x,
  boxInList: (x: S['PharmacyBox']): BoxInfo => x,
  itsProduct: (x: S['ItsProductResult']): ItsProduct => x,
  prepared: (x: S['ReceteMedulaSummary']): PreparedSummary => x,
  preparedDetail: (x: S['RecetePrepared']): PreparedRecete => x,
  rapor: (x: S['ReceteRapor']): Rapor => x,
  hastaRapor: (x: S['HastaRapor']): HastaRapor => x,
  doctor: (x: S['ReceteDoctor']): Doctor => x,
  tesis: (x: S['Tesis']): Tesis => x,
  majistral: (x: S['ReceteMajistralResult']): MajistralResult => x,
  medulaResult: (x: S['ReceteMedulaResult']): MedulaResult => x,
};

describe('the contract', () => {
  it('is checked by the typecheck (the functions above only pass values through)', () => {
    const c = { recete: { id: 1 }, medicines: [], extraBoxes: [] } as unknown as S['PharmacyCounter'];
    expect(fits.counter(c)).toBe(c);
  });
});
