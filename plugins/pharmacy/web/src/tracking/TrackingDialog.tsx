import { Fragment, useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { DATE_FORMATS, formatDate, parseDataMatrix, type Gate } from '@tezgah/core';
import { itsUcMessage, ITS_UC, TRACKING_TEXTS } from '@tezgah/pharmacy-common';
import { LineGrid, reportFailure, useApiMutation, useConfirm, useShell } from '@tezgah/workbench/ui';
import { boxStateLabel, call, page, PATHS, type BoxInfo, type BoxStock, type ItsProduct } from '../api';
import { useTexts } from '../texts';
import { useDocumentNames } from './refs';

/** Who may open the drug-tracking dialog (seeds 001 §2: product view permission, ERP type other than 'eczanem'). */
export const TRACKING_GATE: Gate = { codes: ['13_1'], disabledForEczanem: true };

export interface TrackedBox { gtin: string; sn: string; bn?: string | null; xd?: string | null }
interface Row { box: TrackedBox; its?: ItsProduct | null; ours?: BoxInfo | null }

const key = (b: TrackedBox) => `${b.gtin}|${b.sn}`;
/** A box as İTS's productList takes it (tracking.yaml ItsProduct: no empty batch or expiry). */
const product = (b: TrackedBox) => ({ gtin: b.gtin, sn: b.sn, ...(b.bn ? { bn: b.bn } : {}), ...(b.xd ? { xd: b.xd } : {}) });

/** What İTS answered for a status check: its product list (responseObjectList, productList or a bare list); null without one. */
export function itsList(r: unknown): ItsProduct[] | null {
  if (Array.isArray(r)) return r as ItsProduct[];
  const o = (r ?? {}) as { responseObjectList?: unknown; productList?: unknown; data?: unknown };
  for (const v of [o.responseObjectList, o.productList, (o.data as { responseObjectList?: unknown } | undefined)?.responseObjectList]) if (Array.isArray(v)) return v as ItsProduct[];
  return null;
}

type Asked = { its: ItsProduct[] | null; ours: (BoxInfo | null)[]; fresh: BoxStock[] };

/**
 * What İTS and our per-serial stock say of these boxes, and the stock of their products against
 * their boxes in stock. A 401 'No Its Access Token' (no İTS account or session) passes silently
 * (`itsFailed` hears any failure of İTS's status) and leaves our side alone.
 */
async function askAbout(api: Parameters<typeof call>[0], boxes: TrackedBox[], itsFailed: (e: unknown) => void): Promise<Asked> {
  const productList = boxes.map(product);
  // İTS's status (check-status writes it on our boxes and names them).
  const its = await call(api)('POST', PATHS.itsCheckStatus, { body: { productList, management: false } })
    .then(itsList, (e: unknown) => { itsFailed(e); return null; });
  const ours = await Promise.all(boxes.map(async (b) => {
    const hit = its?.find((x) => x.sn === b.sn && (!x.gtin || x.gtin === b.gtin));
    let id = hit?.boxId ?? null;
    if (!id) {
      const p = await page(api)(PATHS.boxes, { params: { query: { gtin: b.gtin, sn: b.sn, page: 0, size: 1 } } }).catch(() => null);
      id = (p?.items[0] as BoxInfo | undefined)?.id ?? null;
    }
    if (!id) return null;
    return (await call(api)('GET', PATHS.boxDetail, { params: { path: { id } } }).catch(() => null)) as BoxInfo | null;
  }));
  // The stock of the boxes' products against their boxes in stock (asked again after each query).
  const productIds = [...new Set(ours.map((b) => b?.productId).filter((id): id is number => typeof id === 'number'))];
  const fresh = (await Promise.all(productIds.map((productId) => call(api)('GET', PATHS.boxStock, { params: { query: { productId } } })
    .then((r: unknown) => (Array.isArray(r) ? (r[0] as BoxStock | undefined) ?? null : null), () => null)))).filter((x): x is BoxStock => x !== null);
  return { its, ours, fresh };
}

/**
 * The drug-tracking dialog (seeds 001 §2 "ITS operations dialog": query and cancel): a box's QR
 * code scanned or typed (required; the DataMatrix rule of §5) is asked of İTS (check status:
 * gln1, gln2, uc and İTS's message) and of our per-serial stock (state and moves); a sold box's
 * sale notification can be cancelled. Opened with boxes (a prescription's, an invoice's) it asks
 * for all of them at once. A 401 'No Its Access Token' passes silently (seeds 001 §8).
 * For each product of the boxes it shows the stock beside the boxes in stock
 * (GET pharmacy-box-stock) and warns when they differ (issue 12: they must be equal).
 */
export function TrackingDialog(props: { boxes?: TrackedBox[]; invoiceId?: number | null; title?: string; onClose: () => void }) {
  const shell = useShell();
  const { t, i18n } = useTexts();
  const { confirm, dialog } = useConfirm();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(() => (props.boxes ?? []).map((box) => ({ box })));
  const [stocks, setStocks] = useState<BoxStock[]>([]);
  // The documents of the boxes' moves, by their numbers ('Fatura ECZ…', not the server's 'invoice:5').
  const docName = useDocumentNames(shell.api, rows.flatMap((r) => r.ours?.moves?.map((m) => m.ref) ?? []));

  // Asking İTS is a write (check-status writes İTS's word on our boxes): a mutation, refreshing the boxes' lists.
  const asking = useApiMutation<TrackedBox[], Asked>({
    mutate: (api, boxes) => askAbout(api, boxes, (e) => shell.notify.failure(e)),
    invalidates: [PATHS.boxes],
    onSuccess: ({ its, ours, fresh }, boxes) => {
      if (fresh.length) {
        setStocks((old) => {
          const map = new Map(old.map((x) => [x.productId, x]));
          for (const x of fresh) map.set(x.productId, x);
          return [...map.values()];
        });
      }
      setRows((old) => {
        const map = new Map(old.map((r) => [key(r.box), r]));
        boxes.forEach((b, i) => {
          const found = its?.find((x) => x.sn === b.sn && (!x.gtin || x.gtin === b.gtin)) ?? null;
          map.set(key(b), { box: b, its: its ? found : map.get(key(b))?.its ?? null, ours: ours[i] ?? null });
        });
        return [...map.values()];
      });
    },
  });
  const busy = asking.isPending;
  const ask = async (boxes: TrackedBox[]) => {
    if (boxes.length === 0) return;
    await asking.mutateAsync(boxes).catch(() => undefined);
  };

  useEffect(() => { void ask(props.boxes ?? []); /* once, with the boxes it was opened for */ // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function query() {
    setProblem(null);
    if (!code.trim()) { setProblem(TRACKING_TEXTS.QR_REQUIRED); return; }
    const dm = parseDataMatrix(code);
    if (!dm) { setProblem(TRACKING_TEXTS.QR_INVALID); return; }
    setCode('');
    void ask([{ gtin: dm.gtin, sn: dm.sn, bn: dm.bn, xd: dm.xd }]);
  }

  async function cancelSale(r: Row) {
    if (!(await confirm({ message: t('tracking.cancelConfirm', { sn: r.box.sn }), intent: 'danger' }))) return;
    try {
      // The server fills dt 'C', fr (the İTS user name less its last 4 characters) and the document block.
      const invoiceId = props.invoiceId ?? r.ours?.invoiceId ?? null;
      await call(shell.api)('POST', PATHS.itsSaleCancel, { body: { ...(invoiceId ? { invoiceId } : {}), productList: [product(r.box)] } });
      shell.notify.success(TRACKING_TEXTS.ITS_CANCEL_QUEUED);
      await ask([r.box]);
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    }
  }

  const sold = (r: Row) => (r.ours ? r.ours.state === 'SOLD' : r.its?.uc === ITS_UC.SOLD_BY_YOU);
  return (
    <Dialog isOpen title={props.title ?? t('tracking.title')} onClose={props.onClose} style={{ width: 900, maxWidth: '98vw' }}>
      <DialogBody>
        <form onSubmit={(e) => { e.preventDefault(); query(); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          <FormGroup label={t('tracking.qr')} labelFor="tracking-qr" labelInfo="*" style={{ flex: 1, margin: 0 }} intent={problem ? 'danger' : 'none'} helperText={problem ?? undefined}>
            <InputGroup id="tracking-qr" autoFocus value={code} intent={problem ? 'danger' : 'none'} placeholder={t('tracking.qrHint')} onChange={(e) => setCode(e.currentTarget.value)} />
          </FormGroup>
          <Button type="submit" intent="primary" icon="search" text={t('tracking.query')} loading={busy} />
        </form>
        {stocks.map((x) => {
          const diff = Number(x.difference);
          return (
            <Callout key={x.productId} role="status" aria-label={t('tracking.stockOf', { name: x.name })} intent={diff === 0 ? 'none' : 'warning'} compact style={{ marginTop: 12 }}>
              <div><strong>{x.name}</strong> · {t('tracking.stock')}: {x.stockQuantity} · {t('tracking.boxesInStock')}: {x.boxesInStock}</div>
              {diff !== 0 && <div>{t(diff > 0 ? 'tracking.fewerBoxes' : 'tracking.moreBoxes', { stock: x.stockQuantity, boxes: x.boxesInStock })}</div>}
            </Callout>
          );
        })}
        {rows.length === 0 ? <p className="bp6-text-muted" style={{ marginTop: 12 }}>{t('tracking.empty')}</p> : (
          <LineGrid style={{ marginTop: 12 }}>
            <HTMLTable compact striped aria-label={t('tracking.table')} style={{ width: '100%' }}>
              <thead><tr>
                <th>{t('tracking.gtin')}</th><th>{t('tracking.sn')}</th><th>{t('tracking.bn')}</th><th>{t('tracking.xd')}</th>
                <th>{t('tracking.uc')}</th><th>{t('tracking.gln1')}</th><th>{t('tracking.gln2')}</th><th>{t('tracking.ours')}</th><th />
              </tr></thead>
              <tbody>
                {rows.map((r) => (
                  <Fragment key={key(r.box)}>
                    <tr>
                      <td>{r.box.gtin}</td><td>{r.box.sn}</td><td>{r.box.bn ?? ''}</td><td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.box.xd)}</td>
                      <td>{r.its?.uc ? <><Tag minimal intent={r.its.uc === ITS_UC.SUCCESS || r.its.uc === ITS_UC.IN_YOUR_STOCK ? 'success' : 'warning'}>{r.its.uc}</Tag> {r.its.ucMessage ?? itsUcMessage(r.its.uc)}</> : ''}</td>
                      <td>{r.its?.gln1 ?? ''}</td><td>{r.its?.gln2 ?? ''}</td>
                      <td>{r.ours ? <Tag minimal>{boxStateLabel(r.ours.state, lang)}</Tag> : <span className="bp6-text-muted">{t('tracking.notOurs')}</span>}</td>
                      <td>{sold(r) && <Button size="small" intent="danger" icon="undo" text={t('tracking.cancel')} aria-label={t('tracking.cancelOf', { sn: r.box.sn })} onClick={() => { void cancelSale(r); }} />}</td>
                    </tr>
                    {r.ours?.moves?.length ? (
                      <tr>
                        <td colSpan={9} style={{ boxShadow: 'none', paddingTop: 0 }}>
                          <ul aria-label={t('tracking.moves', { sn: r.box.sn })} style={{ margin: 0, paddingLeft: 16 }} className="bp6-text-muted">
                            {r.ours.moves.map((m, i) => <li key={m.id ?? i}>{formatDate(m.at, DATE_FORMATS.DASHED_TIME)} · {boxStateLabel(m.toState, lang)}{m.ref ? ` · ${docName(m.ref, t)}` : ''}{m.reason ? ` · ${m.reason}` : ''}</li>)}
                          </ul>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </HTMLTable>
          </LineGrid>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={props.onClose} />} />
      {dialog}
    </Dialog>
  );
}
