import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, CURRENCIES, DEFAULT_CURRENCY_ID, Module, QUANTITY_DECIMALS, VAT_RATES, formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, useApiList, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { TAG_COLORS, TAGS_PATH, type TagColor } from '../tags/TagForm';
import { useWarehouses } from '../warehouses/StockDialogs';
import {
  PHARMACY_TYPES, PRESCRIPTION_TYPES, PRODUCTS, PRODUCT_TYPES, UNITS, editable, isPharmacy, isService, may, parseQuantity,
  type Product, type ProductDetail, type ProductFields, type ProductType,
} from './model';

type Unit = components['schemas']['Unit'];
type TagRecord = components['schemas']['Tag'];

/** The fields whose server messages the form shows at the field. */
const FIELDS = [
  'name', 'barcode', 'productType', 'unitId', 'buyingPrice', 'buyingCurrencyId', 'salePrice', 'saleCurrencyId', 'defaultTaxRate', 'warehouseId',
  'openingStock', 'minStock', 'maxStock', 'serialNumber', 'qrTracking', 'status', 'prescriptionType', 'medicinePriceId', 'explanation', 'tagIds',
] as const;

/** The company's units, its tags (when the user may see tags), loaded once per form. */
function useLookups(host: WorkbenchHost) {
  const canTags = host.can({ module: Module.TAG, anyActions: [Action.VIEW] });
  // The active units (null while loading, empty when they failed to load, the failure notified).
  const unitsQuery = useApiList(UNITS, { params: { query: { size: 1000, sort: ['name,asc'] } } });
  const units = useMemo<readonly Unit[] | null>(
    () => (unitsQuery.data ? unitsQuery.data.items.filter((u) => u.active) : unitsQuery.isError ? [] : null),
    [unitsQuery.data, unitsQuery.isError],
  );
  const tags: readonly TagRecord[] = useApiList(TAGS_PATH, { params: { query: { size: 1000, sort: ['name,asc'] } } }, { enabled: canTags }).data?.items ?? NO_TAGS;
  return { units, tags, canTags };
}

const NO_TAGS: readonly TagRecord[] = [];

export interface ProductFormProps {
  host: WorkbenchHost;
  /** The product to change; absent: a new one. */
  product?: Product | null;
  /** The form's accessible name. */
  label: string;
  /** Fewer fields (the quick-add): name, barcode, type, unit, prices, VAT, warehouse and opening stock. */
  quick?: boolean;
  onSaved: (product: ProductDetail, created: boolean) => void;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** Lays the fields out in a dialog's body and the buttons in its footer. */
  inDialog?: boolean;
}

/**
 * A product's or service's fields with every rule of seeds 000 §5 at its field: name, type, unit,
 * currencies, VAT rate and barcode required, the barcode not blank, a warehouse for goods,
 * minimum stock not above maximum, prices to eight decimals and quantities to three, no switch to
 * QR tracking (nor to a service) while the product has stock. Services hide the stock fields.
 */
export function ProductForm(props: ProductFormProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { host } = props;
  const p = props.product ?? null;
  const isNew = !p;
  const { units, tags, canTags } = useLookups(host);
  const warehouses = useWarehouses();
  const pharmacy = isPharmacy(host);
  const priceOnly = !isNew && !may(host, Action.UPDATE) && may(host, 44);

  const [name, setName] = useState(p?.name ?? '');
  const [barcode, setBarcode] = useState(p?.barcode ?? '');
  const [productType, setProductType] = useState<ProductType | ''>(p?.productType ?? (pharmacy ? 'MEDICINE' : 'COMMERCIAL_GOODS'));
  const [unitId, setUnitId] = useState(p ? String(p.unitId) : '');
  // Money shows the tr-TR way with two decimals and grouping (1.999,90) and reads back exactly.
  const [buyingPrice, setBuyingPrice] = useState(formatDecimalInput(p?.buyingPrice));
  const [buyingCurrencyId, setBuyingCurrencyId] = useState(String(p?.buyingCurrencyId ?? DEFAULT_CURRENCY_ID));
  const [salePrice, setSalePrice] = useState(formatDecimalInput(p?.salePrice));
  const [saleCurrencyId, setSaleCurrencyId] = useState(String(p?.saleCurrencyId ?? DEFAULT_CURRENCY_ID));
  const [taxRate, setTaxRate] = useState(p ? String(p.defaultTaxRate) : pharmacy ? '10' : '20');
  const [warehouseId, setWarehouseId] = useState(p?.warehouseId ? String(p.warehouseId) : '');
  const [openingStock, setOpeningStock] = useState('');
  const [minStock, setMinStock] = useState(editable(p?.minStock));
  const [maxStock, setMaxStock] = useState(editable(p?.maxStock));
  const [serialNumber, setSerialNumber] = useState(p?.serialNumber ?? '');
  const [qrTracking, setQrTracking] = useState(p?.qrTracking ?? false);
  const [status, setStatus] = useState<'ACTIVE' | 'PASSIVE'>(p?.status ?? 'ACTIVE');
  const [prescriptionType, setPrescriptionType] = useState(p?.prescriptionType ?? '');
  const [medicinePriceId, setMedicinePriceId] = useState(p?.medicinePriceId ? String(p.medicinePriceId) : '');
  const [explanation, setExplanation] = useState(p?.explanation ?? '');
  const [tagIds, setTagIds] = useState<number[]>(p?.tags.map((x) => x.id) ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  // A new product starts in the default warehouse and in the first unit ("Adet", "Kutu" in a
  // pharmacy), once: the user may clear them afterwards (and is then told they are required).
  const preset = useRef({ warehouse: !isNew, unit: !isNew });
  useEffect(() => {
    if (preset.current.warehouse || !warehouses?.length) return;
    preset.current.warehouse = true;
    setWarehouseId(String((warehouses.find((w) => w.default) ?? warehouses[0]!).id));
  }, [warehouses]);
  useEffect(() => {
    if (preset.current.unit || !units?.length) return;
    preset.current.unit = true;
    setUnitId(String((units.find((u) => u.code === (pharmacy ? 'BX' : 'C62')) ?? units[0]!).id));
  }, [units, pharmacy]);

  const service = isService(productType);
  const hasStock = (p?.stockQuantity ?? 0) > 0;
  const showPharmacy = pharmacy || PHARMACY_TYPES.includes(productType as ProductType) || Boolean(p?.prescriptionType);

  function validate(): { found: FieldErrors; values: Record<string, number | null> } {
    const found: FieldErrors = {};
    const values: Record<string, number | null> = {};
    const req = t('common.required', { ns: 'kernel' });
    if (!name.trim()) found.name = t('products.rules.nameRequired');
    if (!barcode) found.barcode = req;
    else if (!barcode.trim()) found.barcode = t('products.rules.barcodeBlank');
    if (!productType) found.productType = t('products.rules.typeRequired');
    if (!unitId) found.unitId = t('products.rules.unitRequired');
    if (!taxRate) found.defaultTaxRate = t('products.rules.taxRequired');
    if (!service && !warehouseId) found.warehouseId = t('products.rules.warehouseRequired');
    const num = (field: string, text: string, decimals: number) => {
      const r = parseQuantity(text, decimals);
      values[field] = r.value;
      if (r.error === 'number') found[field] = t('products.rules.number');
      else if (r.error === 'decimals') found[field] = t(decimals === 8 ? 'products.rules.priceDecimals' : 'products.rules.quantityDecimals');
      else if (r.error === 'negative') found[field] = t('products.rules.negative');
    };
    num('buyingPrice', buyingPrice, 8);
    num('salePrice', salePrice, 8);
    if (!service) {
      num('minStock', minStock, QUANTITY_DECIMALS);
      num('maxStock', maxStock, QUANTITY_DECIMALS);
      if (isNew) num('openingStock', openingStock, QUANTITY_DECIMALS);
      if (!found.minStock && !found.maxStock && values.minStock != null && values.maxStock != null && values.minStock > values.maxStock) {
        found.minStock = t('products.rules.minAboveMax');
      }
    }
    if (!isNew && hasStock && qrTracking && !p!.qrTracking) found.qrTracking = t('products.rules.qrWithStock');
    if (!isNew && hasStock && service && !isService(p!.productType)) found.productType = t('products.rules.serviceWithStock');
    if (medicinePriceId && !/^[1-9]\d{0,15}$/.test(medicinePriceId)) found.medicinePriceId = t('products.rules.number');
    return { found, values };
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const { found, values } = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: ProductFields & { openingStock?: number } = {
      name: name.trim(), barcode: barcode.trim(), productType: productType as ProductType, unitId: Number(unitId),
      buyingPrice: values.buyingPrice ?? null, buyingCurrencyId: Number(buyingCurrencyId), salePrice: values.salePrice ?? null,
      saleCurrencyId: Number(saleCurrencyId), defaultTaxRate: Number(taxRate), warehouseId: service ? null : Number(warehouseId),
      minStock: service ? null : values.minStock ?? null, maxStock: service ? null : values.maxStock ?? null,
      serialNumber: serialNumber.trim() || null, qrTracking, status, explanation: explanation.trim() || null,
      prescriptionType: (prescriptionType || null) as ProductFields['prescriptionType'], medicinePriceId: medicinePriceId ? Number(medicinePriceId) : null,
      ...(canTags ? { tagIds } : {}),
    };
    if (isNew && !service && values.openingStock) body.openingStock = values.openingStock;
    setBusy(true);
    try {
      const saved = isNew
        ? await shell.api.request('POST', PRODUCTS, { body })
        : await shell.api.request('PUT', PRODUCTS, { body: { ...body, id: p!.id } });
      props.onSaved(saved, isNew);
    } catch (err) {
      setErrors(fieldErrorsFor(err, FIELDS, (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const locked = priceOnly;
  const currencyOptions = CURRENCIES.map((c) => <option key={c.id} value={String(c.id)}>{`${c.code} (${c.symbol})`}</option>);
  const row = { display: 'flex', gap: 12, flexWrap: 'wrap' } as const;
  const buttons = (
    <>
      {props.onCancel && <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onCancel} />}
      <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
    </>
  );
  const fields = (
    <>
      <div style={row}>
        <Field id="product-name" label={t('products.fields.name')} error={errors.name} required >
          <InputGroup id="product-name" value={name} onValueChange={setName} maxLength={200} disabled={locked} autoFocus={isNew} />
        </Field>
        <Field id="product-barcode" label={t('products.fields.barcode')} error={errors.barcode} hint={t('products.hints.barcode')} required>
          <InputGroup id="product-barcode" value={barcode} onValueChange={setBarcode} maxLength={50} disabled={locked} />
        </Field>
      </div>
      <div style={row}>
        <Field id="product-type" label={t('products.fields.productType')} error={errors.productType} required>
          <HTMLSelect id="product-type" value={productType} disabled={locked} onChange={(e) => setProductType(e.currentTarget.value as ProductType)}>
            <option value="">{t('products.choose')}</option>
            {PRODUCT_TYPES.map((x) => <option key={x} value={x}>{t(`products.types.${x}`)}</option>)}
          </HTMLSelect>
        </Field>
        <Field id="product-unit" label={t('products.fields.unitId')} error={errors.unitId} required>
          <HTMLSelect id="product-unit" value={unitId} disabled={locked} onChange={(e) => setUnitId(e.currentTarget.value)}>
            <option value="">{t('products.choose')}</option>
            {(units ?? []).map((u) => <option key={u.id} value={String(u.id)}>{u.name}</option>)}
          </HTMLSelect>
        </Field>
        <Field id="product-tax" label={t('products.fields.defaultTaxRate')} error={errors.defaultTaxRate} required>
          <HTMLSelect id="product-tax" value={taxRate} disabled={locked} onChange={(e) => setTaxRate(e.currentTarget.value)}>
            <option value="">{t('products.choose')}</option>
            {VAT_RATES.map((r) => <option key={r} value={String(r)}>{`%${r}`}</option>)}
          </HTMLSelect>
        </Field>
      </div>
      <div style={row}>
        <Field id="product-buying-price" label={t('products.fields.buyingPrice')} error={errors.buyingPrice}>
          <InputGroup id="product-buying-price" inputMode="decimal" value={buyingPrice} onValueChange={setBuyingPrice} />
        </Field>
        <Field id="product-buying-currency" label={t('products.fields.buyingCurrencyId')} error={errors.buyingCurrencyId} required>
          <HTMLSelect id="product-buying-currency" value={buyingCurrencyId} onChange={(e) => setBuyingCurrencyId(e.currentTarget.value)}>{currencyOptions}</HTMLSelect>
        </Field>
        <Field id="product-sale-price" label={t('products.fields.salePrice')} error={errors.salePrice}>
          <InputGroup id="product-sale-price" inputMode="decimal" value={salePrice} onValueChange={setSalePrice} />
        </Field>
        <Field id="product-sale-currency" label={t('products.fields.saleCurrencyId')} error={errors.saleCurrencyId} required>
          <HTMLSelect id="product-sale-currency" value={saleCurrencyId} onChange={(e) => setSaleCurrencyId(e.currentTarget.value)}>{currencyOptions}</HTMLSelect>
        </Field>
      </div>
      {service ? <p className="bp6-text-muted">{t('products.hints.service')}</p> : (
        <div style={row}>
          <Field id="product-warehouse" label={t('products.fields.warehouseId')} error={errors.warehouseId} required>
            <HTMLSelect id="product-warehouse" value={warehouseId} disabled={locked} onChange={(e) => setWarehouseId(e.currentTarget.value)}>
              <option value="">{t('products.choose')}</option>
              {(warehouses ?? []).map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
            </HTMLSelect>
          </Field>
          {isNew && (
            <Field id="product-opening" label={t('products.fields.openingStock')} error={errors.openingStock} hint={t('products.hints.quantity')}>
              <InputGroup id="product-opening" inputMode="decimal" value={openingStock} onValueChange={setOpeningStock} />
            </Field>
          )}
          {!props.quick && <>
            <Field id="product-min" label={t('products.fields.minStock')} error={errors.minStock}>
              <InputGroup id="product-min" inputMode="decimal" value={minStock} onValueChange={setMinStock} disabled={locked} />
            </Field>
            <Field id="product-max" label={t('products.fields.maxStock')} error={errors.maxStock}>
              <InputGroup id="product-max" inputMode="decimal" value={maxStock} onValueChange={setMaxStock} disabled={locked} />
            </Field>
          </>}
        </div>
      )}
      {!props.quick && <>
        <div style={row}>
          {!service && (
            <Field id="product-qr" label={t('products.fields.qrTracking')} error={errors.qrTracking} hint={hasStock && !p?.qrTracking ? t('products.hints.qr') : undefined}>
              <Switch id="product-qr" checked={qrTracking} disabled={locked} onChange={(e) => setQrTracking(e.currentTarget.checked)} />
            </Field>
          )}
          <Field id="product-serial" label={t('products.fields.serialNumber')} error={errors.serialNumber}>
            <InputGroup id="product-serial" value={serialNumber} onValueChange={setSerialNumber} maxLength={100} disabled={locked} />
          </Field>
          <Field id="product-status" label={t('products.fields.status')} error={errors.status}>
            <HTMLSelect id="product-status" value={status} disabled={locked} onChange={(e) => setStatus(e.currentTarget.value as 'ACTIVE' | 'PASSIVE')}>
              <option value="ACTIVE">{t('products.status.ACTIVE')}</option>
              <option value="PASSIVE">{t('products.status.PASSIVE')}</option>
            </HTMLSelect>
          </Field>
        </div>
        {showPharmacy && (
          <div style={row}>
            <Field id="product-prescription" label={t('products.fields.prescriptionType')} error={errors.prescriptionType}>
              <HTMLSelect id="product-prescription" value={prescriptionType} disabled={locked} onChange={(e) => setPrescriptionType(e.currentTarget.value as typeof prescriptionType)}>
                <option value="">{t('products.none')}</option>
                {PRESCRIPTION_TYPES.map((x) => <option key={x} value={x}>{t(`products.prescription.${x}`)}</option>)}
              </HTMLSelect>
            </Field>
            <Field id="product-medicine-price" label={t('products.fields.medicinePriceId')} error={errors.medicinePriceId}>
              <InputGroup id="product-medicine-price" inputMode="numeric" value={medicinePriceId} onValueChange={setMedicinePriceId} disabled={locked} />
            </Field>
          </div>
        )}
        <Field id="product-explanation" label={t('products.fields.explanation')} error={errors.explanation}>
          <TextArea id="product-explanation" fill value={explanation} maxLength={1000} disabled={locked} onChange={(e) => setExplanation(e.currentTarget.value)} />
        </Field>
        {canTags && tags.length > 0 && (
          <Field id="product-tags" label={t('products.fields.tagIds')} error={errors.tagIds} describeChild={false}>
            <div id="product-tags" role="group" aria-label={t('products.fields.tagIds')} style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
              {tags.map((x) => (
                <Checkbox key={x.id} inline checked={tagIds.includes(x.id)} label={x.name} disabled={locked}
                  style={{ borderLeft: `4px solid ${TAG_COLORS[x.color as TagColor] ?? '#8f99a8'}`, paddingLeft: 30 }}
                  onChange={(e) => setTagIds(e.currentTarget.checked ? [...tagIds, x.id] : tagIds.filter((i) => i !== x.id))} />
              ))}
            </div>
          </Field>
        )}
      </>}
    </>
  );
  return (
    <form onSubmit={save} noValidate aria-label={props.label}>
      {props.inDialog ? <><DialogBody>{fields}</DialogBody><DialogFooter actions={buttons} /></> : (
        <>{fields}<div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>{buttons}</div></>
      )}
    </form>
  );
}

/** The product form in a dialog (add from the list, edit from the list or the detail page). */
export function ProductDialog(props: Omit<ProductFormProps, 'label' | 'inDialog' | 'onCancel'> & { onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const label = props.product ? t('products.edit') : t('products.add');
  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 760 }}>
      <ProductForm {...props} label={label} onCancel={props.onClose} inDialog />
    </Dialog>
  );
}
