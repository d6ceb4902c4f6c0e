import { useState, type KeyboardEvent } from 'react';
import { Button, Callout, InputGroup, Tag } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { page, PATHS, type BoxInfo } from '../api';
import { classifyScan } from '../counter/scan';
import { useTexts } from '../texts';

/** A box named for the return: its GTIN-14 and serial, as the return's line carries it. */
export interface ReturnedBox { gtin: string; sn: string }

/**
 * Fills `accounting.invoice.returnLine` (the accounting plugin's return dialog, one per line): on a
 * sales return of a line whose medicine was sold with QR-coded boxes (the invoice's boxes hold its
 * GTIN), a field the boxes brought back are scanned into. Each DataMatrix is read as the counter
 * reads it (`classifyScan`); a code that does not read, a box of another medicine (another GTIN),
 * a box scanned twice or one more than the quantity returned is refused here with the reason; the
 * list goes to the dialog (`onValue`), which sends it as the line's `boxes`. Whether each box was
 * sold on this invoice and not returned yet is the server's to say (shown by the dialog).
 */
export default function ReturnBoxes({ host, params, onValue }: ContributionProps) {
  const invoiceId = Number(params?.invoiceId);
  const barcode = params?.barcode ?? '';
  if (params?.invoiceType !== 'SALE' || !Number.isInteger(invoiceId) || invoiceId < 1 || !/^\d{13}$/.test(barcode)) return null;
  // The invoice's boxes are read with the product view authority (13_1), as the İTS button reads them.
  if (!host.can({ codes: ['13_1'] })) return null;
  return (
    <Scanner
      invoiceId={invoiceId} barcode={barcode} productName={params?.productName ?? ''} quantity={params?.quantity ?? ''}
      lineId={params?.lineId ?? ''} onValue={onValue}
    />
  );
}

/** The whole boxes a returned quantity stands for (1,5 → 1); 0 while the quantity does not read. */
export function boxesFor(quantity: string): number {
  const q = Number(quantity);
  return Number.isFinite(q) && q > 0 ? Math.floor(q) : 0;
}

function Scanner(props: { invoiceId: number; barcode: string; productName: string; quantity: string; lineId: string; onValue?: (value: unknown) => void }) {
  const { t } = useTexts();
  const gtin = `0${props.barcode}`;
  const sold = useApiData(
    ['GET', PATHS.boxes, { invoiceId: props.invoiceId, page: 0, size: 500 }],
    async (api) => (await page(api)(PATHS.boxes, { params: { query: { invoiceId: props.invoiceId, page: 0, size: 500 } } })).items as BoxInfo[],
    { report: false },
  );
  const [boxes, setBoxes] = useState<ReturnedBox[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Only a line whose medicine left on this invoice with its QR-coded boxes takes them back by scan.
  if (!sold.data?.some((b) => b.gtin === gtin)) return null;
  const max = boxesFor(props.quantity);

  function change(next: ReturnedBox[]) {
    setBoxes(next);
    props.onValue?.(next);
  }
  function add(raw: string) {
    const scan = classifyScan(raw);
    if (scan.kind === 'empty') return;
    setError(null);
    if (scan.kind !== 'box') return setError(t('returnBoxes.notBox'));
    if (scan.dm.gtin !== gtin) return setError(t('returnBoxes.otherProduct', { name: props.productName, barkod: scan.dm.barkod }));
    if (boxes.some((b) => b.gtin === scan.dm.gtin && b.sn === scan.dm.sn)) return setError(t('returnBoxes.twice'));
    if (max === 0) return setError(t('returnBoxes.noQuantity'));
    if (boxes.length >= max) return setError(t('returnBoxes.tooMany', { max }));
    change([...boxes, { gtin: scan.dm.gtin, sn: scan.dm.sn }]);
    setText('');
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // A scanner ends the code with Enter: it adds the box and must not send the dialog's form.
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add(text);
  }
  const id = `return-boxes-${props.lineId}`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid={id}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <label htmlFor={id} className="bp6-text-muted">{t('returnBoxes.label')}</label>
        <InputGroup
          id={id} leftIcon="barcode" size="small" value={text} placeholder={t('returnBoxes.placeholder')} style={{ width: 260 }} autoComplete="off"
          aria-label={t('returnBoxes.input', { name: props.productName })} title={t('returnBoxes.hint')}
          onValueChange={setText} onKeyDown={onKeyDown} intent={error ? 'danger' : 'none'}
        />
        <span aria-live="polite">{t('returnBoxes.count', { n: boxes.length, max })}</span>
      </div>
      {boxes.length > 0 && (
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }} aria-label={t('returnBoxes.label')} role="list">
          {boxes.map((b) => (
            <span role="listitem" key={`${b.gtin}/${b.sn}`}>
              <Tag minimal>{b.sn}</Tag>
              <Button variant="minimal" size="small" icon="cross" aria-label={t('returnBoxes.remove', { sn: b.sn })} onClick={() => change(boxes.filter((x) => x !== b))} />
            </span>
          ))}
        </div>
      )}
      {error && <Callout intent="warning" compact role="alert">{error}</Callout>}
    </div>
  );
}
