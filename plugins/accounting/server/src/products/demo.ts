import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import {
  applyMovement, defaultWarehouse, insertTransfer, insertWarehouse, lockProduct, lockStock, type Db,
} from '../warehouses/warehouses.repository';
import { upsertBatch, type ProductBody } from './products.handlers';
import { tagIdsByName, unitIdsByCode } from './products.repository';

const SEED_DIR = new URL('../../seed-data/products/', import.meta.url);

/** RFC 4180 CSV (quoted fields may hold commas and doubled quotes) into records by header. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

function readCsv(name: string): Record<string, string>[] {
  return parseCsv(readFileSync(fileURLToPath(new URL(name, SEED_DIR)), 'utf8'));
}

const numberOr = (s: string | undefined): number | null => (s === undefined || s.trim() === '' ? null : Number(s));

/** The demo pharmacy's medicines (trimmed SKRS e-reçete list, seed-data/products/README.md). */
export function pharmacyItems(units: Map<string, number>, warehouseId: number): ProductBody[] {
  return readCsv('pharmacy-medicines.csv').map((r) => ({
    name: r.ilac_adi!, barcode: r.barkod!, productType: r.urun_tipi!, unitId: units.get('BX')!,
    explanation: `${r.etkin_madde} (ATC ${r.atc_kodu}) — ${r.firma_adi}`,
    buyingPrice: numberOr(r.alis_fiyati_tl), buyingCurrencyId: 1, salePrice: numberOr(r.satis_fiyati_tl), saleCurrencyId: 1,
    defaultTaxRate: 10, warehouseId, qrTracking: r.urun_tipi === 'MEDICINE', prescriptionType: r.recete_turu!,
    minStock: numberOr(r.min_stok), maxStock: numberOr(r.max_stok), openingStock: numberOr(r.stok) ?? 0, status: 'ACTIVE',
  }));
}

/** The demo general company's goods and services. */
export function generalItems(units: Map<string, number>, warehouseId: number): ProductBody[] {
  return readCsv('general-goods.csv').map((r) => {
    const service = r.urun_tipi!.startsWith('SERVICE_');
    return {
      name: r.ad!, barcode: r.barkod!, productType: r.urun_tipi!, unitId: units.get(r.birim!)!, explanation: r.aciklama || null,
      buyingPrice: numberOr(r.alis_fiyati_tl), buyingCurrencyId: 1, salePrice: numberOr(r.satis_fiyati_tl), saleCurrencyId: 1,
      defaultTaxRate: Number(r.kdv), warehouseId: service ? null : warehouseId, minStock: numberOr(r.min_stok), maxStock: numberOr(r.max_stok),
      openingStock: service ? 0 : numberOr(r.stok) ?? 0, status: 'ACTIVE',
    };
  });
}

async function stockUpdate(t: Db, companyId: number, warehouseId: number, productId: number, stockType: 'IN' | 'OUT', reason: string, quantity: number, explanation: string) {
  await lockProduct(t, companyId, productId);
  await lockStock(t, companyId, warehouseId, productId);
  await applyMovement(t, { companyId, warehouseId, productId, kind: 'STOCK_UPDATE', stockType, reason, quantityThousandths: Math.round(quantity * 1000), explanation, createdBy: 'system' });
}

async function move(t: Db, companyId: number, productId: number, from: number, to: number, quantity: number, explanation: string) {
  await lockProduct(t, companyId, productId);
  for (const w of [from, to].sort((a, b) => a - b)) await lockStock(t, companyId, w, productId);
  const transferId = await insertTransfer(t, { companyId, productId, outgoingWarehouseId: from, incomingWarehouseId: to, quantityThousandths: Math.round(quantity * 1000), explanation, createdBy: 'system' });
  const common = { companyId, productId, reason: null, quantityThousandths: Math.round(quantity * 1000), transferId, explanation, createdBy: 'system' };
  await applyMovement(t, { ...common, warehouseId: from, kind: 'TRANSFER_OUT', stockType: 'OUT' });
  await applyMovement(t, { ...common, warehouseId: to, kind: 'TRANSFER_IN', stockType: 'IN' });
}

/**
 * Demo products and stock: about a hundred real medicines for the pharmacy, a few dozen goods and
 * services for the general company, each with opening stock in its default warehouse; a few
 * stock updates, and for the general company a branch warehouse with a transfer.
 */
export async function seedDemoProducts(trx: Trx, demo: DemoTenant): Promise<void> {
  const t = trx as unknown as Db;
  {
    const c = demo.companies.pharmacy;
    await setTenant(trx, c);
    const store = (await defaultWarehouse(t, c))!;
    const items = pharmacyItems(await unitIdsByCode(t, c), store.id);
    const tags = await tagIdsByName(t, c);
    const important = tags.get('Önemli');
    if (important) for (const it of items) if (it.prescriptionType === 'RED' || it.prescriptionType === 'GREEN') it.tagIds = [important];
    const written = await upsertBatch(t, c, 'system', items);
    const id = (barcode: string) => written.find((w) => w.barcode === barcode)!.id;
    const stocked = items.filter((it) => (it.openingStock ?? 0) >= 5);
    await stockUpdate(t, c, store.id, id(stocked[0]!.barcode), 'IN', 'COUNT', 5, 'Sayımda fazla çıktı');
    await stockUpdate(t, c, store.id, id(stocked[1]!.barcode), 'OUT', 'EXPIRED', 1, 'Miadı doldu, imha edildi');
  }
  {
    const c = demo.companies.general;
    await setTenant(trx, c);
    const store = (await defaultWarehouse(t, c))!;
    const items = generalItems(await unitIdsByCode(t, c), store.id);
    const tags = await tagIdsByName(t, c);
    const wholesale = tags.get('Toptan');
    if (wholesale) for (const it of items) if (it.productType === 'RAW_MATERIAL') it.tagIds = [wholesale];
    const written = await upsertBatch(t, c, 'system', items);
    const id = (barcode: string) => written.find((w) => w.barcode === barcode)!.id;
    const branch = await insertWarehouse(t, c, { name: 'Ankara Şube Deposu', address: 'Kızılay Mah. Atatürk Blv. No: 12 Çankaya / Ankara', main: false, isDefault: false });
    await move(t, c, id('8690000000011'), store.id, branch.id, 30, 'Şube ihtiyacı');
    await move(t, c, id('8690000000073'), store.id, branch.id, 10, 'Şube ihtiyacı');
    await stockUpdate(t, c, store.id, id('8690000000196'), 'OUT', 'DAMAGED', 12, 'Depoda ıslanan koliler');
  }
}
