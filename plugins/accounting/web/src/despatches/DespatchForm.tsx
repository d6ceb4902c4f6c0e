import { useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Button, Callout, Card, H4, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatQuantity, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, LineGrid, reportFailure, useShell, visuallyHidden, type FieldErrors } from '@tezgah/workbench/ui';
import { CurrentSuggest, MoneyInput } from '../finance/parts';
import { isDay } from '../ledger/model';
import { fieldErrorList } from '../invoices/InvoiceForm';
import { ProductSuggest, useLookup } from '../invoices/parts';
import type { Product } from '../invoices/model';
import {
  DESPATCHES, HEADER_FIELDS, blankDespatchLine, despatchBody, despatchFormKey, usedDespatchLines,
  type Despatch, type DespatchDirection, type DespatchDraft, type DespatchLineDraft,
} from './model';

const hidden = (text: string) => <span style={visuallyHidden}>{text}</span>;
const head: CSSProperties = { fontWeight: 600, fontSize: 12 };
const LINE_GRID: CSSProperties = {
  display: 'grid', gridTemplateColumns: 'minmax(200px, 2fr) 90px 110px 160px 120px minmax(140px, 1fr) 32px', gap: 8, alignItems: 'start', minWidth: 900,
};

/**
 * A despatch's form (irsaliye), for both directions: the current, the despatch and shipment
 * dates, the waybill number (an outgoing one's left empty takes the next of the company's series),
 * the booklet number, the delivery address, the explanation, and the lines (product, quantity
 * delivered, quantity to be sent later, warehouse — the product's to start with —, an optional
 * unit price for the invoice made from it, the line's explanation). The server's field messages
 * land at their inputs (`products.0.quantity` at the first line's quantity); its 409
 * INSUFFICIENT_STOCK (an outgoing despatch takes more than the warehouse holds) and
 * DESPATCH_INVOICED / DESPATCH_CANCELLED (invoiced or cancelled meanwhile: it can no longer be
 * saved) are notices over the form.
 */
export function DespatchForm(props: {
  host: WorkbenchHost;
  direction: DespatchDirection;
  initial: DespatchDraft;
  /** The despatch being edited (null: a new one). */
  despatch: Despatch | null;
  onSaved: (saved: Despatch) => void;
  onCancel: () => void;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { direction, despatch } = props;
  const next = useRef(Math.max(0, ...props.initial.lines.map((l) => l.key)) + 1);
  const [current, setCurrent] = useState(props.initial.current);
  const [despatchDate, setDespatchDate] = useState(props.initial.despatchDate);
  const [shipmentDate, setShipmentDate] = useState(props.initial.shipmentDate);
  const [waybillNo, setWaybillNo] = useState(props.initial.waybillNo);
  const [bookletNo, setBookletNo] = useState(props.initial.bookletNo);
  const [deliveryAddress, setDeliveryAddress] = useState(props.initial.deliveryAddress);
  const [explanation, setExplanation] = useState(props.initial.explanation);
  const [lines, setLines] = useState<DespatchLineDraft[]>(props.initial.lines.length ? props.initial.lines : [blankDespatchLine(0)]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** A refusal of the whole despatch: not enough stock (it may be put right), or invoiced meanwhile (it may not). */
  const [notice, setNotice] = useState<{ kind: 'stock' | 'invoiced'; text: string } | null>(null);
  const warehouses = useLookup('warehouses');

  const updateLine = (key: number, patch: Partial<DespatchLineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  /** A product chosen on a line: its warehouse to start with. */
  function choose(key: number, p: Product) {
    setErrors((e) => ({ ...e, [`line:${key}.product`]: undefined }));
    updateLine(key, { product: p, warehouseId: p.warehouseId ? String(p.warehouseId) : '' });
  }

  const touched = (l: DespatchLineDraft) => l.product !== null || l.unitPrice.trim() !== '' || l.laterSent.trim() !== '' || l.explanation.trim() !== '';

  async function save() {
    const found: FieldErrors = {};
    if (!current) found.currentId = t('despatches.rules.currentRequired');
    if (!despatchDate) found.despatchDate = t('ledger.rules.required');
    else if (!isDay(despatchDate)) found.despatchDate = t('ledger.rules.date');
    if (shipmentDate && !isDay(shipmentDate)) found.shipmentDate = t('ledger.rules.date');
    else if (shipmentDate && isDay(despatchDate) && shipmentDate < despatchDate) found.shipmentDate = t('despatches.rules.shipmentBeforeDespatch');
    for (const l of lines) if (!l.product && touched(l)) found[`line:${l.key}.product`] = t('despatches.rules.productRequired');
    const used = usedDespatchLines(lines);
    if (!used.length) found.lines = t('despatches.rules.linesRequired');
    setErrors(found);
    if (Object.keys(found).length) return;

    const sent = used;
    const body = despatchBody(direction, { currentId: current!.id, despatchDate, shipmentDate, waybillNo, bookletNo, deliveryAddress, explanation, lines });
    setBusy(true);
    setNotice(null);
    try {
      const saved = despatch
        ? await shell.api.request('PUT', DESPATCHES, { body: { ...body, id: despatch.id } })
        : await shell.api.request('POST', DESPATCHES, { body });
      props.onSaved(saved);
    } catch (e) {
      const x = e as { status?: number; code?: string; detail?: unknown; title?: unknown };
      const detail = typeof x.detail === 'string' && x.detail.trim() ? x.detail.trim() : null;
      const mine: FieldErrors = {};
      for (const f of fieldErrorList(e)) {
        const key = despatchFormKey(f.field, sent);
        if (key.startsWith('line:') || HEADER_FIELDS.has(key)) mine[key] ??= f.message;
      }
      setErrors(mine);
      if (x.code === 'DESPATCH_INVOICED') setNotice({ kind: 'invoiced', text: detail ?? t('despatches.form.invoiced') });
      else if (x.code === 'DESPATCH_CANCELLED') setNotice({ kind: 'invoiced', text: detail ?? t('despatches.form.cancelled') });
      else if (x.code === 'INSUFFICIENT_STOCK') setNotice({ kind: 'stock', text: detail ?? t('despatches.form.insufficientStock') });
      else if (!Object.keys(mine).length || x.status === 409) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void save();
  }

  const title = t(despatch ? `despatches.form.editTitle.${direction}` : `despatches.form.newTitle.${direction}`);
  const lineName = (n: number, what: string) => `${t('despatches.form.line', { n })}: ${what}`;

  return (
    // Enter in a box picks from its list (the product, the current) or moves on; it does not save the despatch.
    <form onSubmit={submit} noValidate aria-label={title} onKeyDown={(e) => { if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault(); }}>
      {notice && (
        <Callout
          intent={notice.kind === 'invoiced' ? 'warning' : 'danger'} icon={notice.kind === 'invoiced' ? 'lock' : 'box'} role="alert" style={{ marginBottom: 12 }}
          title={notice.kind === 'stock' ? t('despatches.form.insufficientStock') : undefined}
        >
          {notice.text}
        </Callout>
      )}
      <Card>
        <H4>{t('despatches.form.header')}</H4>
        <Field id="desp-current" label={t(`despatches.form.current.${direction}`)} error={errors.currentId} required>
          <CurrentSuggest id="desp-current" host={props.host} value={current} onChange={(c) => { setCurrent(c); setErrors((x) => ({ ...x, currentId: undefined })); }} />
        </Field>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Field id="desp-date" label={t('despatches.form.despatchDate')} error={errors.despatchDate} required>
            <DateInput id="desp-date" value={despatchDate} onValueChange={setDespatchDate} />
          </Field>
          <Field id="desp-shipment" label={t('despatches.form.shipmentDate')} error={errors.shipmentDate} hint={t('despatches.form.shipmentDateHint')}>
            <DateInput id="desp-shipment" value={shipmentDate} onValueChange={setShipmentDate} />
          </Field>
          <Field id="desp-waybill" label={t('despatches.form.waybillNo')} error={errors.waybillNo} hint={t(`despatches.form.waybillNoHint.${direction}`)}>
            <InputGroup id="desp-waybill" value={waybillNo} onValueChange={setWaybillNo} maxLength={32} style={{ minWidth: 200 }} />
          </Field>
          <Field id="desp-booklet" label={t('despatches.form.bookletNo')} error={errors.bookletNo} hint={t('despatches.form.bookletNoHint')}>
            <InputGroup id="desp-booklet" value={bookletNo} onValueChange={setBookletNo} maxLength={32} />
          </Field>
        </div>
        <Field id="desp-address" label={t('despatches.form.deliveryAddress')} error={errors.deliveryAddress} hint={t('despatches.form.deliveryAddressHint')}>
          <TextArea id="desp-address" value={deliveryAddress} onChange={(e) => setDeliveryAddress(e.currentTarget.value)} maxLength={500} fill />
        </Field>
        <Field id="desp-explanation" label={t('despatches.form.explanation')} error={errors.explanation}>
          <TextArea id="desp-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
        </Field>
      </Card>

      <Card style={{ marginTop: 12 }}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t('despatches.form.lines')}</legend>
          <p className="bp6-text-muted" style={{ marginTop: 0 }}>{t(`despatches.form.stockNote.${direction}`)}</p>
          <LineGrid label={t('despatches.form.lines')}>
            <div style={LINE_GRID} aria-hidden="true">
              <span style={head}>{t('despatches.form.product')}</span>
              <span style={head}>{t('despatches.form.quantity')}</span>
              <span style={head}>{t('despatches.form.laterSent')}</span>
              <span style={head}>{t('despatches.form.warehouse')}</span>
              <span style={head}>{t('despatches.form.unitPrice')}</span>
              <span style={head}>{t('despatches.form.lineExplanation')}</span>
              <span />
            </div>
            {lines.map((l, i) => {
              const n = i + 1;
              const id = `desp-line-${l.key}`;
              const k = (part: string) => `line:${l.key}.${part}`;
              return (
                <div key={l.key} role="group" aria-label={t('despatches.form.line', { n })} style={{ ...LINE_GRID, marginBottom: 4 }}>
                  <Field id={`${id}-product`} label={hidden(lineName(n, t('despatches.form.product')))} error={errors[k('product')]}>
                    <ProductSuggest id={`${id}-product`} value={l.product} onChange={(p) => choose(l.key, p)} />
                  </Field>
                  <Field id={`${id}-quantity`} label={hidden(lineName(n, t('despatches.form.quantity')))} error={errors[k('quantity')]}>
                    <InputGroup id={`${id}-quantity`} value={l.quantity} inputMode="decimal" onValueChange={(v) => updateLine(l.key, { quantity: v })} />
                  </Field>
                  <Field id={`${id}-later`} label={hidden(lineName(n, t('despatches.form.laterSent')))} error={errors[k('laterSent')]}>
                    <InputGroup id={`${id}-later`} value={l.laterSent} inputMode="decimal" placeholder="0" onValueChange={(v) => updateLine(l.key, { laterSent: v })} />
                  </Field>
                  <Field id={`${id}-warehouse`} label={hidden(lineName(n, t('despatches.form.warehouse')))} error={errors[k('warehouseId')]}>
                    <HTMLSelect id={`${id}-warehouse`} fill value={l.warehouseId} disabled={!warehouses?.length} onChange={(e) => updateLine(l.key, { warehouseId: e.currentTarget.value })}>
                      <option value="">{t('despatches.form.productWarehouse')}</option>
                      {(warehouses ?? []).map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
                      {/* A warehouse the list does not hold (not readable by the user): kept as it is. */}
                      {l.warehouseId && warehouses && !warehouses.some((w) => String(w.id) === l.warehouseId) && <option value={l.warehouseId}>{`#${l.warehouseId}`}</option>}
                    </HTMLSelect>
                  </Field>
                  <Field id={`${id}-price`} label={hidden(lineName(n, t('despatches.form.unitPrice')))} error={errors[k('unitPrice')]}>
                    <MoneyInput
                      id={`${id}-price`} value={l.unitPrice} decimals={[2, 8]} placeholder={t('despatches.form.unitPriceHint')} title={t('despatches.form.unitPriceHint')}
                      onValueChange={(v) => updateLine(l.key, { unitPrice: v })}
                    />
                  </Field>
                  <Field id={`${id}-explanation`} label={hidden(lineName(n, t('despatches.form.lineExplanation')))} error={errors[k('explanation')]}>
                    <InputGroup id={`${id}-explanation`} value={l.explanation} maxLength={200} onValueChange={(v) => updateLine(l.key, { explanation: v })} />
                  </Field>
                  <Button
                    icon="trash" variant="minimal" aria-label={t('despatches.form.removeLine', { n })} title={t('despatches.form.removeLine', { n })}
                    disabled={lines.length <= 1}
                    onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  />
                  {l.product && !l.product.service && direction === 'OUT' && typeof l.product.stockQuantity === 'number' && (
                    <div style={{ gridColumn: '1 / -1', marginTop: -8 }} className="bp6-text-muted bp6-text-small">
                      {t('invoices.form.stockOf', { stock: `${formatQuantity(l.product.stockQuantity, 0)} ${l.product.unitName ?? ''}`.trim() })}
                    </div>
                  )}
                </div>
              );
            })}
          </LineGrid>
          {errors.lines && <Callout intent="danger" style={{ marginBottom: 8 }}>{errors.lines}</Callout>}
          <Button icon="add" variant="minimal" text={t('despatches.form.addLine')} onClick={() => setLines((ls) => [...ls, blankDespatchLine(next.current++)])} />
        </fieldset>
      </Card>

      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 12 }}>
        <Button text={t('despatches.form.cancel')} onClick={props.onCancel} />
        <Button type="submit" intent="primary" icon="tick" loading={busy} disabled={busy || notice?.kind === 'invoiced'} text={t('despatches.form.save')} />
      </div>
    </form>
  );
}
