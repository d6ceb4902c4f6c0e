import { Sector } from '@tezgah/core';
import { Problem, problems, type Handler, type RequestContext } from '@tezgah/server';
import { FOREIGN_KEY_VIOLATION, guarded, UNIQUE_VIOLATION } from '../taxes/guard';
import { NO_CHANGES } from '../taxes/taxes.handlers';
import { sectorRepository, type SectorRow } from './sectors.repository';

/**
 * Sector administration, management only. The three sectors of @tezgah/core (pharmacy, general,
 * construction) are built in: the server writes them back at every start, so they can neither be
 * changed nor deleted here. A sector a company is in cannot be deleted.
 */
const BUILT_IN_KEYS: readonly string[] = Object.values(Sector);
export const SECTOR_IN_USE = 'Bu sektörde kayıtlı firmalar olduğu için silinemez.';
export const SECTOR_BUILT_IN = 'Hazır sektörler (Eczane, Genel, İnşaat) değiştirilemez veya silinemez.';
const KEY_TAKEN = 'Bu anahtarla bir sektör zaten var.';

const builtIn = (s: SectorRow) => BUILT_IN_KEYS.includes(s.key);
const conflict = (detail: string, code: string) => new Problem(409, 'Çakışma', { detail, code });
const keyTaken = () => problems.conflict(KEY_TAKEN, 'SECTOR_KEY_TAKEN', 'key');

async function detail(ctx: RequestContext, s: SectorRow) {
  return { id: s.id, key: s.key, name: s.name, builtIn: builtIn(s), companyCount: await sectorRepository(ctx.trx).companyCount(s.id) };
}

async function sectorOr404(ctx: RequestContext, id: number): Promise<SectorRow> {
  const s = await sectorRepository(ctx.trx).byId(id);
  if (!s) throw problems.notFound('Sektör');
  return s;
}

const getSector: Handler = async (ctx) => detail(ctx, await sectorOr404(ctx, (ctx.params as { id: number }).id));

const createSector: Handler = async (ctx) => {
  const repo = sectorRepository(ctx.trx);
  const { id } = ctx.params as { id: number };
  const b = ctx.body as { key: string; name: string };
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Sektör adı zorunludur.', 'REQUIRED');
  if (await repo.byId(id)) throw conflict('Bu numarada bir sektör zaten var.', 'SECTOR_ID_TAKEN');
  if (await repo.keyTaken(b.key)) throw keyTaken();
  const s = await guarded(ctx.trx, () => repo.insert({ id, key: b.key, name }), (e) => (e.code === UNIQUE_VIOLATION ? keyTaken() : undefined));
  ctx.audit({ action: 'accounting.sector.created', entity: 'sector', entityId: s.id, detail: { key: s.key } });
  ctx.setStatus(201);
  return detail(ctx, s);
};

const updateSector: Handler = async (ctx) => {
  const repo = sectorRepository(ctx.trx);
  const { id } = ctx.params as { id: number };
  const b = ctx.body as { key: string; name: string };
  const before = await sectorOr404(ctx, id);
  if (builtIn(before)) throw conflict(SECTOR_BUILT_IN, 'SECTOR_BUILT_IN');
  const next = { key: b.key, name: b.name.trim() };
  if (!next.name) throw problems.invalidField('name', 'Sektör adı zorunludur.', 'REQUIRED');
  if (next.key === before.key && next.name === before.name) throw problems.badRequest(NO_CHANGES, [{ field: 'name', message: NO_CHANGES, code: 'NO_CHANGES' }]);
  if (await repo.keyTaken(next.key, id)) throw keyTaken();
  const s = await guarded(ctx.trx, () => repo.update(id, next), (e) => (e.code === UNIQUE_VIOLATION ? keyTaken() : undefined));
  ctx.audit({ action: 'accounting.sector.updated', entity: 'sector', entityId: id });
  return detail(ctx, s);
};

const deleteSector: Handler = async (ctx) => {
  const repo = sectorRepository(ctx.trx);
  const { id } = ctx.params as { id: number };
  const s = await sectorOr404(ctx, id);
  if (builtIn(s)) throw conflict(SECTOR_BUILT_IN, 'SECTOR_BUILT_IN');
  if ((await repo.companyCount(id)) > 0) throw conflict(SECTOR_IN_USE, 'SECTOR_IN_USE');
  await guarded(ctx.trx, () => repo.remove(id), (e) => (e.code === FOREIGN_KEY_VIOLATION ? conflict(SECTOR_IN_USE, 'SECTOR_IN_USE') : undefined));
  ctx.audit({ action: 'accounting.sector.deleted', entity: 'sector', entityId: id });
  ctx.setStatus(204);
  return null;
};

/** The seeds' POST and PUT on /sectors carry the id in the body: the same as on /sectors/{id}. */
const withBodyId = (h: Handler): Handler => async (ctx) => {
  const { id, ...fields } = ctx.body as { id: number; key: string; name: string };
  return h({ ...ctx, params: { id }, body: fields } as RequestContext);
};

export const sectorHandlers: Record<string, Handler> = {
  getSector, createSector, updateSector, deleteSector, createSectorWithId: withBodyId(createSector), updateSectorWithId: withBodyId(updateSector),
};
