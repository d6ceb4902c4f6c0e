import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useApiData } from '@tezgah/workbench/ui';
import { call, PATHS, type CounterLine, type Equivalent } from '../api';
import { useTexts } from '../texts';
import { money } from './money';

/**
 * The equivalents of a prescription line (get-esdeger: the same SGK equivalent group, else the
 * same ATC code and form, from the shared lists, also when Medula is down), each with its price
 * and its difference to the prescribed medicine's price.
 * Keyboard: ↑/↓ choose, Enter takes the chosen one (the counter then expects its box), Esc closes.
 */
export function EquivalentsDialog(props: { line: CounterLine; receteId: number; onChoose: (e: Equivalent) => void; onClose: () => void }) {
  const { t } = useTexts();
  const barcode = props.line.prescribedBarcode ?? props.line.barcode;
  const q = useApiData(['GET', PATHS.getEsdeger, { barcode }], (api) => call(api)('GET', PATHS.getEsdeger, { params: { query: { barcode } } }).then((r) => (r as Equivalent[] | null) ?? []));
  const list: Equivalent[] | null = q.data ?? (q.isError ? [] : null);
  const [at, setAt] = useState(0);
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => { if (list && list.length) table.current?.focus(); }, [list]);
  const keys = (e: React.KeyboardEvent) => {
    if (!list?.length) return;
    if (e.key === 'ArrowDown') { e.preventDefault(); setAt((i) => Math.min(i + 1, list.length - 1)); }
    if (e.key === 'ArrowUp') { e.preventDefault(); setAt((i) => Math.max(i - 1, 0)); }
    if (e.key === 'Enter') { e.preventDefault(); props.onChoose(list[at]!); }
  };
  return (
    <Dialog isOpen title={t('equivalents.title', { name: props.line.name })} onClose={props.onClose} style={{ width: 720, maxWidth: '96vw' }}>
      <DialogBody>
        {list === null ? <Spinner size={24} /> : list.length === 0 ? <NonIdealState icon="search" title={t('equivalents.none')} /> : (
          <HTMLTable compact interactive aria-label={t('equivalents.table')} tabIndex={0} ref={table} onKeyDown={keys} style={{ width: '100%' }}>
            <thead><tr><th>{t('line.barcode')}</th><th>{t('line.name')}</th><th>{t('line.unitPrice')}</th><th>{t('line.referencePrice')}</th><th>{t('equivalents.difference')}</th><th>{t('equivalents.stock')}</th></tr></thead>
            <tbody>
              {list.map((x, i) => (
                <tr key={x.barcode} aria-selected={i === at} className={i === at ? 'bp6-intent-primary' : undefined} style={i === at ? { outline: '2px solid #2d72d2' } : undefined}
                  onClick={() => setAt(i)} onDoubleClick={() => props.onChoose(x)}>
                  <td>{x.barcode}</td><td>{x.name}</td><td>{money(x.price)}</td><td>{money(x.referencePrice)}</td><td>{money(x.priceDifference)}</td><td>{x.inStock ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <p className="bp6-text-muted">{t('equivalents.hint')}</p>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('common.close')} onClick={props.onClose} />
        <Button intent="primary" text={t('equivalents.choose')} disabled={!list?.length} onClick={() => list?.[at] && props.onChoose(list[at]!)} />
      </>} />
    </Dialog>
  );
}
