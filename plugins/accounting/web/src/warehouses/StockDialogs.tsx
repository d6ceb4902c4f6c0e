import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QUANTITY_DECIMALS, type WorkbenchHost } from '@tezgah/core';
import { Field, fieldErrorsFor, reportFailure, useApiData, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { parseQuantity, quantity, thousandths } from '../products/model';
import { STOCK_ACTION_TYPES, STOCK_LINES, TRANSFERS, WAREHOUSE_PRODUCTS, WAREHOUSES, type StockActionType, type StockLine, type Warehouse, type WarehouseTransfer } from './model';

/** The company's warehouses (null while loading). */
export function useWarehouses(): readonly Warehouse[] | null {
  const q = useApiData(['GET', WAREHOUSES, { size: 1000 }, 'page'], (api) => api.list(WAREHOUSES, { params: { query: { size: 1000 } } }).then((r) => r.items));
  return q.data ?? (q.isError ? [] : null);
}

/** A product's quantity in one warehouse (null while loading or with no warehouse chosen). */
function useStock(productId: number, warehouseId: number | null): number | null {
  // Read afresh each time a dialog asks (the quantity is what the change starts from).
  const q = useApiData(
    ['GET', WAREHOUSE_PRODUCTS, { productId, warehouseId, size: 1 }, 'page'],
    (api) => api.list(WAREHOUSE_PRODUCTS, { params: { query: { productId, warehouseId: warehouseId!, size: 1 } } }).then((r) => r.items[0]?.quantity ?? 0),
    { enabled: !!warehouseId, refetchOnEveryMount: true },
  );
  if (!warehouseId) return null;
  return q.isError ? 0 : (q.data ?? null);
}

export interface StockProduct { id: number; name: string; warehouseId?: number | null }

/**
 * A stock update (seeds 000 §3, §5): stock type (in/out) and reason required, a quantity above
 * zero, the resulting stock never below zero; the warehouse's current quantity and the result are
 * shown as the user types.
 */
export function StockUpdateDialog(props: { host: WorkbenchHost; product: StockProduct; warehouseId?: number | null; onClose: () => void; onSaved: (line: StockLine) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const warehouses = useWarehouses();
  const [warehouseId, setWarehouseId] = useState<number | null>(props.warehouseId ?? props.product.warehouseId ?? null);
  const [stockType, setStockType] = useState<'IN' | 'OUT' | ''>('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const current = useStock(props.product.id, warehouseId);
  useEffect(() => {
    if (!warehouseId && warehouses?.length) setWarehouseId((warehouses.find((w) => w.default) ?? warehouses[0]!).id);
  }, [warehouses, warehouseId]);

  const parsed = parseQuantity(amount, QUANTITY_DECIMALS);
  const result = current !== null && parsed.value !== null && !parsed.error && stockType
    ? (thousandths(current) + (stockType === 'IN' ? 1 : -1) * thousandths(parsed.value)) / 1000 : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!warehouseId) found.warehouseId = t('warehouses.stock.rules.warehouseRequired');
    if (!stockType) found.stockType = t('warehouses.stock.rules.stockTypeRequired');
    if (!reason) found.stockActionType = t('warehouses.stock.rules.reasonRequired');
    if (parsed.error === 'decimals') found.quantity = t('warehouses.stock.rules.decimals');
    else if (parsed.error === 'number') found.quantity = t('warehouses.stock.rules.number');
    else if (parsed.value === null || parsed.value <= 0) found.quantity = t('warehouses.stock.rules.positive');
    else if (result !== null && result < 0) found.quantity = t('warehouses.stock.rules.belowZero', { current: quantity(current) });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const line = await shell.api.request('POST', STOCK_LINES, { body: {
        productId: props.product.id, warehouseId: warehouseId!, stockType: stockType as 'IN' | 'OUT', stockActionType: reason as StockActionType,
        quantity: parsed.value!, explanation: explanation.trim() || null,
      } });
      shell.notify.success(t('notify.updated', { ns: 'kernel' }));
      props.host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'stock', id: props.product.id });
      props.onSaved(line);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['quantity', 'stockType', 'stockActionType', 'warehouseId', 'productId'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const title = t('warehouses.stock.update');
  return (
    <Dialog isOpen onClose={props.onClose} title={`${title}: ${props.product.name}`}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          {errors.productId && <Callout intent="danger">{errors.productId}</Callout>}
          <Field id="stock-warehouse" label={t('warehouses.stock.warehouse')} error={errors.warehouseId} required>
            <HTMLSelect id="stock-warehouse" value={warehouseId ? String(warehouseId) : ''} onChange={(e) => setWarehouseId(Number(e.currentTarget.value) || null)}>
              {(warehouses ?? []).map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
            </HTMLSelect>
          </Field>
          <p aria-live="polite">
            {t('warehouses.stock.current')}: <strong>{current === null ? '…' : quantity(current)}</strong>
            {result !== null && <> → {t('warehouses.stock.after')}: <strong>{quantity(result)}</strong></>}
          </p>
          <Field id="stock-type" label={t('warehouses.stock.stockType')} error={errors.stockType} required describeChild={false}>
            <RadioGroup inline name="stock-type" selectedValue={stockType} onChange={(e) => setStockType(e.currentTarget.value as 'IN' | 'OUT')}>
              <Radio value="IN" label={t('warehouses.stock.types.IN')} />
              <Radio value="OUT" label={t('warehouses.stock.types.OUT')} />
            </RadioGroup>
          </Field>
          <Field id="stock-reason" label={t('warehouses.stock.reason')} error={errors.stockActionType} required>
            <HTMLSelect id="stock-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)}>
              <option value="">{t('warehouses.choose')}</option>
              {STOCK_ACTION_TYPES.map((r) => <option key={r} value={r}>{t(`warehouses.stock.reasons.${r}`)}</option>)}
            </HTMLSelect>
          </Field>
          <Field id="stock-quantity" label={t('warehouses.stock.quantity')} error={errors.quantity} hint={t('warehouses.stock.quantityHint')} required>
            <InputGroup id="stock-quantity" inputMode="decimal" value={amount} onValueChange={setAmount} />
          </Field>
          <Field id="stock-explanation" label={t('warehouses.stock.explanation')}>
            <TextArea id="stock-explanation" fill value={explanation} maxLength={500} onChange={(e) => setExplanation(e.currentTarget.value)} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}

/**
 * A transfer between warehouses (seeds 000 §3, §5): the target warehouse and the product are
 * required, the two warehouses differ, the quantity is not zero and not above the outgoing
 * warehouse's stock (shown).
 */
export function TransferDialog(props: { host: WorkbenchHost; product: StockProduct; outgoingWarehouseId?: number | null; onClose: () => void; onSaved: (transfer: WarehouseTransfer) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const warehouses = useWarehouses();
  const [outgoing, setOutgoing] = useState<number | null>(props.outgoingWarehouseId ?? props.product.warehouseId ?? null);
  const [incoming, setIncoming] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [explanation, setExplanation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const available = useStock(props.product.id, outgoing);
  useEffect(() => {
    if (!outgoing && warehouses?.length) setOutgoing((warehouses.find((w) => w.default) ?? warehouses[0]!).id);
  }, [warehouses, outgoing]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = parseQuantity(amount, QUANTITY_DECIMALS);
    const found: FieldErrors = {};
    if (!outgoing) found.outgoingWarehouseId = t('warehouses.transfer.rules.outgoingRequired');
    if (!incoming) found.incomingWarehouseId = t('warehouses.transfer.rules.incomingRequired');
    else if (incoming === outgoing) found.incomingWarehouseId = t('warehouses.transfer.rules.same');
    if (parsed.error === 'decimals') found.quantity = t('warehouses.stock.rules.decimals');
    else if (parsed.error === 'number') found.quantity = t('warehouses.stock.rules.number');
    else if (parsed.value === null || parsed.value <= 0) found.quantity = t('warehouses.transfer.rules.zero');
    else if (available !== null && thousandths(parsed.value) > thousandths(available)) found.quantity = t('warehouses.transfer.rules.above', { available: quantity(available) });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await shell.api.request('POST', TRANSFERS, { body: {
        productId: props.product.id, outgoingWarehouseId: outgoing!, incomingWarehouseId: incoming!, quantity: parsed.value!, explanation: explanation.trim() || null,
      } });
      shell.notify.success(t('notify.added', { ns: 'kernel' }));
      props.host.bus.emit('entity.created', { plugin: 'accounting', entity: 'warehouseTransfer', id: saved.id });
      props.onSaved(saved);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['quantity', 'incomingWarehouseId', 'outgoingWarehouseId', 'productId'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const title = t('warehouses.transfer.title');
  const options = (warehouses ?? []).map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>);
  return (
    <Dialog isOpen onClose={props.onClose} title={`${title}: ${props.product.name}`}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          {errors.productId && <Callout intent="danger">{errors.productId}</Callout>}
          <Field id="transfer-outgoing" label={t('warehouses.transfer.outgoing')} error={errors.outgoingWarehouseId} required>
            <HTMLSelect id="transfer-outgoing" value={outgoing ? String(outgoing) : ''} onChange={(e) => setOutgoing(Number(e.currentTarget.value) || null)}>{options}</HTMLSelect>
          </Field>
          <p aria-live="polite">{t('warehouses.transfer.available')}: <strong>{available === null ? '…' : quantity(available)}</strong></p>
          <Field id="transfer-incoming" label={t('warehouses.transfer.incoming')} error={errors.incomingWarehouseId} required>
            <HTMLSelect id="transfer-incoming" value={incoming ? String(incoming) : ''} onChange={(e) => setIncoming(Number(e.currentTarget.value) || null)}>
              <option value="">{t('warehouses.choose')}</option>
              {options}
            </HTMLSelect>
          </Field>
          <Field id="transfer-quantity" label={t('warehouses.stock.quantity')} error={errors.quantity} hint={t('warehouses.stock.quantityHint')} required>
            <InputGroup id="transfer-quantity" inputMode="decimal" value={amount} onValueChange={setAmount} />
          </Field>
          <Field id="transfer-explanation" label={t('warehouses.stock.explanation')}>
            <TextArea id="transfer-explanation" fill value={explanation} maxLength={500} onChange={(e) => setExplanation(e.currentTarget.value)} />
          </Field>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('warehouses.transfer.submit')} />
        </>} />
      </form>
    </Dialog>
  );
}
