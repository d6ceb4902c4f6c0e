import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Callout, Card, H2, H4, HTMLSelect, HTMLTable, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { AUTHORED_TEXTS, formatDate, parseDataMatrix, SEED_TEXTS_TR, type ContributionProps } from '@tezgah/core';
import { RECETE_TYPE_LABELS, type MedulaStep, type SalePaymentType, type ShareMode } from '@tezgah/pharmacy-common';
import { LineGrid, reportFailure, Slot, useApiData, useApiMutation, useShell } from '@tezgah/workbench/ui';
import type { components } from '@tezgah/sdk';

/** The POS plugin's payment method (its contribution to the accounting plugin's `accounting.invoice.paymentMethods`). */
const POS_DEVICE_METHOD = 'pos.device';
import {
  API, call, codeOf, colorLabel, doctorOf, isMedulaDown, needsMedulaLogin, page, patientOf, PATHS, receteOf, statusOf, wordsOf,
  type CounterLine, type Equivalent, type InvoiceResult, type PharmacyCounter, type Recete, type WarningCode,
} from '../api';
import { useTexts } from '../texts';
import { TrackingDialog, TRACKING_GATE } from '../tracking/TrackingDialog';
import { MajistralDialog } from '../recete/MajistralDialog';
import { PreparedDialog } from '../recete/PreparedDialog';
import { RaporsDialog } from '../recete/RaporsDialog';
import { vademecumUrl } from '../vademecum/VademecumPage';
import { EquivalentsDialog } from './EquivalentsDialog';
import { ManualReceteDialog } from './ManualReceteDialog';
import { MedulaLoginDialog } from './MedulaLoginDialog';
import { MedulaSteps, newProgressId, STEPS_OF } from './MedulaSteps';
import { dose as doseText, money } from './money';
import { classifyScan, plainBarcode, wireCode } from './scan';
import { breakdown, changes, type LineNote } from './why';

/** The counter's keys (shown on the buttons): a whole sale without the mouse. */
export const KEYS = {
  read: 'F2', tracking: 'F3', manual: 'F4', equivalents: 'F6', share: 'F7',
  cash: 'F8', card: 'F9', openAccount: 'F10', newSale: 'Escape', save: 'Control+S',
  prepared: 'Alt+H', reports: 'Alt+R', majistral: 'Alt+M', info: 'Alt+I',
} as const;
const PAY_KEYS: Record<string, SalePaymentType> = { [KEYS.cash]: 'CASH', [KEYS.card]: 'CREDIT_CARD', [KEYS.openAccount]: 'OPEN_ACCOUNT' };

type Notice = { intent: Intent; text: string } | null;
type Busy = { steps: readonly MedulaStep[]; progressId?: string } | 'plain' | null;
const COLOR_TAG: Record<string, string> = { RED: '#cd4246', RESTRICTED_RED: '#cd4246', GREEN: '#238551', RESTRICTED_GREEN: '#238551', PURPLE: '#7961db', ORANGE: '#c87619' };

/** A way to pay as GET /payment-methods lists it. */
type PaymentMethodRow = components['schemas']['PaymentMethod'];

const PATIENT_STATUSES = ['ACTIVE', 'RETIRED', 'EXEMPT'] as const;
/** An amount as the contract takes it (PharmacyAmountIn): up to 9 digits, a comma or point, 2 decimals. */
const AMOUNT = /^[0-9]{1,9}([.,][0-9]{1,2})?$/;
/** A dose typed (0,5 or 0.5) as the contract takes it ("0.5"). */
const doseIn = (v: string) => v.trim().replace(',', '.');

/** Medula's period units (kullanımPeriyotBirimi): 3 day, 4 week, 5 month, 6 year. */
const PERIOD_UNITS = ['3', '4', '5', '6'] as const;


/**
 * The number a pharmacist knows a prescription by: Medula's when it has one, else the doctor's
 * e-prescription number (Y100003) or, for a prepared prescription (hazır reçete), Medula's
 * prepared number it was taken from (its protocol number) — never the local row's placeholder
 * ('L' + id) that a prescription not yet saved at Medula carries.
 */
function shownReceteNo(r: { receteNo: string; ereceteNo?: string | null; protocolNo?: string | null; type?: string }): string {
  if (!/^L\d+$/.test(r.receteNo)) return r.receteNo;
  return r.ereceteNo || (r.type === 'PreparedPrescription' ? r.protocolNo : null) || r.receteNo;
}

/**
 * /pharmacy-sale, the prescription counter (seeds 001 §2; issue 12 "the counter"). Keyboard and
 * scanner first: one input always has the focus; what it receives with Enter is a box's DataMatrix
 * (scanned onto the matching line) or a prescription number (searched among the pharmacy's
 * prescriptions: 'Reçete bulunamadı', or found, press the view key). F2 reads the prescription
 * (from Medula when it is not here yet), F6 the equivalents of the chosen line (↑/↓ choose a line),
 * F7 the patient's share, F8/F9/F10 take the payment (cash, card, open account) and make the
 * invoice, Esc starts a new sale. When Medula cannot be reached (503 MEDULA_UNAVAILABLE), F4 takes
 * a manual prescription and the sale goes on with the share from the local lists.
 */
export default function CounterPage(props: ContributionProps) {
  const shell = useShell();
  const { t, i18n } = useTexts();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [receteNo, setReceteNo] = useState<string | null>(null);
  const [found, setFound] = useState<Recete | null>(null);
  const [counter, setCounter] = useState<PharmacyCounter | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const queuedPay = useRef<SalePaymentType | null>(null);
  const [medulaDown, setMedulaDown] = useState(false);
  const [dialog, setDialog] = useState<null | 'login' | 'manual' | 'equivalents' | 'tracking' | 'prepared' | 'reports' | 'majistral'>(null);
  const [selected, setSelected] = useState(0);
  const [result, setResult] = useState<InvoiceResult | null>(null);
  const [shareMode, setShareMode] = useState<ShareMode>('SALARY');
  const [patientStatus, setPatientStatus] = useState<(typeof PATIENT_STATUSES)[number]>('ACTIVE');
  const [manualAmount, setManualAmount] = useState('');
  const [examination, setExamination] = useState('');
  // What changed on each line (a scan, a removal, an equivalent), said next to it.
  const shownCounter = useRef<PharmacyCounter | null>(null);
  const [lineChanges, setLineChanges] = useState<Record<number, LineNote[]>>({});

  const focus = useCallback(() => { setTimeout(() => input.current?.focus(), 0); }, []);
  // Whether the company has a Medula session (is-logged), shown beside the keys; asked on each visit and again after a login.
  const isLogged = useApiData(['GET', PATHS.isLogged], (api) => call(api)('GET', PATHS.isLogged) as Promise<{ state?: string } | null>, { report: false, refetchOnEveryMount: true });
  const medulaState = isLogged.isError ? null : ((isLogged.data?.state ?? null) as 'LOGGED' | 'NOT_LOGGED' | 'ERROR' | null);
  useEffect(() => { if (dialog === null) focus(); }, [dialog, focus]);
  // The card share goes to a POS terminal when a plugin offers the 'pos.device' payment method.
  // (The same read, in the same shape, as the invoice form's payment methods.)
  const methods = useApiData(['GET', PATHS.paymentMethods], (api) => (call(api)('GET', PATHS.paymentMethods, {}) as Promise<PaymentMethodRow[] | null>)
    .then((all) => (all ?? []).map((m) => ({ paymentType: m.paymentType, method: m.method, label: m.label, bankAccountTypes: m.bankAccountTypes ?? null }))), { report: false });
  const posDevice = !methods.isError && (methods.data ?? []).some((m) => m.method === POS_DEVICE_METHOD);

  // /pharmacy-sale/:id (from the prescriptions list): that prescription at the counter.
  const openId = Number(props.params?.id);
  const opening = useApiData(['GET', PATHS.counter, { id: openId }], (api) => call(api)('GET', PATHS.counter, { params: { path: { id: openId } } }) as Promise<PharmacyCounter>, {
    enabled: Number.isInteger(openId) && openId > 0, refetchOnEveryMount: true,
  });
  // Taken once per opening, as read on this visit (later reads of it, after the counter's own writes, do not replace what the person does here).
  const opened = useRef<number | null>(null);
  const openedCounter = opening.isFetchedAfterMount ? opening.data : undefined;
  useEffect(() => {
    if (!openedCounter || opened.current === openId) return;
    opened.current = openId;
    take(openedCounter);
    setFound(openedCounter.recete);
    setReceteNo(openedCounter.recete.receteNo);
  }, [openedCounter, openId]); // eslint-disable-line react-hooks/exhaustive-deps

  const recete = counter?.recete ?? null;
  const lines = counter?.medicines ?? [];
  const canTrack = shell.host.can(TRACKING_GATE);

  // The warning codes (select-warning-code) are asked once a prescription is open.
  const codes = useApiData(['GET', PATHS.selectWarningCode], (api) => call(api)('GET', PATHS.selectWarningCode).then((r) => (r as WarningCode[] | null) ?? []), { enabled: recete !== null, report: false });
  const warningCodes: WarningCode[] = codes.isError ? [] : codes.data ?? [];

  function take(c: PharmacyCounter) {
    // A line keeps what last changed on it while its prescription stays open (a later scan on another line does not hide it).
    const before = shownCounter.current;
    const fresh = changes(before, c);
    setLineChanges((kept) => (before && before.recete.id === c.recete.id ? { ...kept, ...fresh } : fresh));
    shownCounter.current = c;
    setCounter(c);
    if (c.recete.shareMode) setShareMode(c.recete.shareMode);
    if (c.recete.patientStatus) setPatientStatus(c.recete.patientStatus);
    setSelected((s) => Math.min(s, Math.max(0, c.medicines.length - 1)));
  }

  async function open(id: number) {
    take(await call(shell.api)('GET', PATHS.counter, { params: { path: { id } } }) as PharmacyCounter);
  }

  function reset() {
    setText(''); setNotice(null); setReceteNo(null); setFound(null); setCounter(null); setResult(null); setMedulaDown(false);
    shownCounter.current = null; setLineChanges({});
    setSelected(0); setShareMode('SALARY'); setManualAmount(''); setExamination(''); setPatientStatus('ACTIVE');
    focus();
  }

  /**
   * The pharmacy's prescription of this number or e-prescription number, looked up in its list
   * (an unknown number is an empty page, not a failed call): 'Reçete bulunamadı', or found, press
   * the view key.
   */
  async function search(no: string) {
    setReceteNo(no);
    setFound(null);
    setBusy('plain');
    try {
      const hits = (await page(shell.api)(PATHS.recetes, { params: { query: { search: no, page: 0, size: 50, sort: ['id,desc'] } } })).items as Recete[];
      const r = hits.find((x) => x.receteNo.toUpperCase() === no || (x.ereceteNo ?? '').toUpperCase() === no) ?? null;
      if (r) {
        setFound(r);
        setNotice({ intent: 'primary', text: `${AUTHORED_TEXTS.RECETE_FOUND_PRESS_VIEW} (${KEYS.read})` });
      } else {
        setNotice({ intent: 'warning', text: t('counter.notFound', { text: SEED_TEXTS_TR.RECETE_NOT_FOUND, key: KEYS.read }) });
      }
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(null);
    }
  }

  /**
   * Whether the company has a product of this barcode (the products list, filtered by it): false
   * when it has none, null when the list cannot say (no product view permission, an error): the
   * scan then goes to the server, which answers for itself.
   */
  async function productKnown(barcode: string): Promise<boolean | null> {
    if (lines.some((l) => l.productId && (l.barcode === barcode || l.prescribedBarcode === barcode))) return true;
    if ((counter?.extraBoxes ?? []).some((b) => b.barcode === barcode)) return true;
    try {
      const p = await page(shell.api)(PATHS.products, { params: { query: { barcode: [barcode], page: 0, size: 1 } } });
      return p.items.length > 0;
    } catch {
      return null;
    }
  }

  /** F2: opens the prescription found here, else reads it from Medula (e-recete-request). */
  async function read() {
    if (!receteNo && !found) { setNotice({ intent: 'warning', text: t('counter.typeNumber') }); return; }
    setResult(null);
    if (found) {
      setBusy('plain');
      try { await open(found.id); setNotice(null); } catch (e) { shell.notify.failure(e); } finally { setBusy(null); }
      return;
    }
    const progressId = newProgressId();
    setBusy({ steps: STEPS_OF.read, progressId });
    try {
      const r = await call(shell.api)('GET', PATHS.eReceteRequest, { params: { query: { ereceteNo: receteNo, progressId } } });
      const c = r as PharmacyCounter;
      if (c && Array.isArray(c.medicines) && c.recete) take(c);
      else {
        const rec = receteOf(r);
        if (!rec) throw new Error(SEED_TEXTS_TR.RECETE_NOT_FOUND);
        await open(rec.id);
      }
      setMedulaDown(false);
      setNotice({ intent: 'success', text: t('counter.read') });
    } catch (e) {
      if (needsMedulaLogin(e)) setDialog('login');
      else if (isMedulaDown(e)) {
        setMedulaDown(true);
        setNotice({ intent: 'danger', text: t('counter.medulaDown', { key: KEYS.manual }) });
      } else if (statusOf(e) === 404) setNotice({ intent: 'warning', text: wordsOf(e) || SEED_TEXTS_TR.RECETE_NOT_FOUND });
      else shell.notify.failure(e);
    } finally {
      setBusy(null);
      focus();
    }
  }

  async function scanBox(code: string) {
    if (!recete) { setNotice({ intent: 'warning', text: t('counter.openFirst') }); return; }
    setBusy('plain');
    try {
      // A box of a product the pharmacy does not have is said here, without a scan the server refuses.
      const barcode = parseDataMatrix(code)?.barkod ?? plainBarcode(code);
      if (barcode && (await productKnown(barcode)) === false) {
        setNotice({ intent: 'danger', text: t('counter.noProduct', { barcode }) });
        return;
      }
      take(await call(shell.api)('POST', PATHS.receteBoxes, { params: { path: { id: recete.id } }, body: { code: wireCode(code) } }) as PharmacyCounter);
      setNotice({ intent: 'success', text: t('counter.scanned') });
    } catch (e) {
      const c = codeOf(e);
      const known = c && ['BAD_DATAMATRIX', 'BOX_NOT_IN_STOCK', 'BOX_ALREADY_SCANNED', 'LINE_FULL', 'NO_PRODUCT_FOR_BARCODE', 'NO_LINE_FOR_BOX'].includes(c);
      if (known || statusOf(e) === 400 || statusOf(e) === 409 || statusOf(e) === 404) {
        setNotice({ intent: 'danger', text: known && !wordsOf(e) ? t(`counter.errors.${c}`) : (wordsOf(e) || t(`counter.errors.${c ?? 'BAD_DATAMATRIX'}`)) });
      } else shell.notify.failure(e);
    } finally {
      setBusy(null);
    }
  }

  async function removeBox(scanId: number) {
    if (!recete) return;
    try {
      take(await call(shell.api)('DELETE', PATHS.receteBox, { params: { path: { id: recete.id, scanId } } }) as PharmacyCounter);
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
    focus();
  }

  /** A line's dose, period or warning code (or its barcode, when an equivalent was chosen): POST update-recete-for-qr, then the counter again. */
  async function updateLine(line: CounterLine, patch: Partial<CounterLine>) {
    if (!recete) return;
    try {
      await call(shell.api)('POST', PATHS.updateForQr, { body: { receteId: recete.id, medicines: [{ id: line.id, ...patch }] } });
      await open(recete.id);
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }

  /** Ctrl+S: the prescription saved at Medula (save-e-recete, the provision); when Medula does not answer it waits in the Medula outbox. */
  async function saveAtMedula() {
    if (!recete) { setNotice({ intent: 'warning', text: t('counter.openFirst') }); return; }
    const progressId = newProgressId();
    setBusy({ steps: STEPS_OF.save, progressId });
    try {
      const r = await call(shell.api)('POST', PATHS.saveERecete, { params: { query: { progressId } }, body: { receteId: recete.id } }) as { queued?: boolean; warning?: string | null } | null;
      if (r?.queued) {
        setMedulaDown(true);
        setNotice({ intent: 'warning', text: r.warning || t('counter.saveQueued') });
      } else setNotice({ intent: 'success', text: t('counter.saved') });
      await open(recete.id);
    } catch (e) {
      if (needsMedulaLogin(e)) setDialog('login');
      else reportFailure(shell.notify, e, t('common.error'));
    } finally { setBusy(null); focus(); }
  }

  async function share() {
    if (!recete) { setNotice({ intent: 'warning', text: t('counter.openFirst') }); return; }
    if (shareMode === 'MANUAL' && !AMOUNT.test(manualAmount.trim())) { setNotice({ intent: 'warning', text: t('share.amountNeeded') }); return; }
    if (examination.trim() && !AMOUNT.test(examination.trim())) { setNotice({ intent: 'warning', text: t('share.amountNeeded') }); return; }
    setBusy('plain');
    try {
      const body = {
        mode: shareMode, patientStatus,
        ...(examination.trim() ? { examinationCopay: examination.trim().replace(',', '.') } : {}),
        ...(shareMode === 'MANUAL' ? { manualAmount: manualAmount.trim().replace(',', '.') } : {}),
      };
      take(await call(shell.api)('POST', PATHS.share, { params: { path: { id: recete.id } }, body }) as PharmacyCounter);
      setNotice({ intent: 'success', text: t('share.done') });
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); } finally { setBusy(null); focus(); }
  }

  // The sale's invoice (a write, through the data layer, also when a payment key pressed while busy
  // runs it afterwards), then the counter as it now is (left as shown when it cannot be read).
  const invoicing = useApiMutation<{ receteId: number; paymentType: SalePaymentType; method?: string }, { invoice: InvoiceResult; counter: PharmacyCounter | null }>({
    mutate: async (api, { receteId, paymentType, method }) => {
      const invoice = await call(api)('POST', PATHS.invoice, { body: { receteId, paymentType, ...(method ? { method } : {}) } }) as InvoiceResult;
      const counter = await (call(api)('GET', PATHS.counter, { params: { path: { id: receteId } } }) as Promise<PharmacyCounter>).catch(() => null);
      return { invoice, counter };
    },
    // The prescriptions' payment status and the invoices change with it.
    invalidates: [PATHS.recetes, `${API}/invoices`],
    report: t('common.error'),
  });
  function pay(paymentType: SalePaymentType) {
    if (!recete) { setNotice({ intent: 'warning', text: t('counter.openFirst') }); return; }
    if (recete.invoiceId) { setNotice({ intent: 'warning', text: t('pay.already', { no: recete.invoiceNo ?? '' }) }); return; }
    setBusy('plain');
    const method = paymentType === 'CREDIT_CARD' && posDevice ? POS_DEVICE_METHOD : undefined;
    invoicing.mutate({ receteId: recete.id, paymentType, ...(method ? { method } : {}) }, {
      onSuccess: ({ invoice: r, counter: c }) => {
        setResult(r);
        setNotice({ intent: 'success', text: t('pay.done', { no: r.invoiceNo }) });
        shell.notify.success(t('pay.done', { no: r.invoiceNo }));
        if (c) take(c);
      },
      onSettled: () => { setBusy(null); focus(); },
    });
  }

  async function unlink() {
    if (!recete?.invoiceId) return;
    try {
      take(await call(shell.api)('GET', PATHS.unlinkInvoice, { params: { path: { id: recete.id, paymentType: (recete.paymentType ?? 'CASH') as SalePaymentType } } }) as PharmacyCounter);
      setResult(null);
      setNotice({ intent: 'primary', text: t('pay.unlinked') });
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }

  /** The drug-information page (our Vademecum stand-in) of a line's medicine, in a new tab. */
  async function info(line: CounterLine) {
    try { window.open(await vademecumUrl(shell.api, line.barcode), '_blank', 'noopener'); } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }
  const patientTckn = recete ? patientOf(recete).tckn : '';
  function reports() {
    if (!patientTckn) { setNotice({ intent: 'warning', text: recete ? t('rapor.noPatient') : t('counter.openFirst') }); return; }
    setDialog('reports');
  }
  function majistral() {
    if (!recete) { setNotice({ intent: 'warning', text: t('counter.openFirst') }); return; }
    if (recete.medulaState !== 'SAVED') { setNotice({ intent: 'warning', text: t('majistral.onlySaved') }); return; }
    setDialog('majistral');
  }

  async function chooseEquivalent(line: CounterLine, e: Equivalent) {
    setDialog(null);
    await updateLine(line, { barcode: e.barcode });
  }

  // The payment key pressed while busy, once the call in flight has answered.
  useEffect(() => {
    if (busy || !queuedPay.current) return;
    const next = queuedPay.current;
    queuedPay.current = null;
    void pay(next);
  }, [busy]); // eslint-disable-line react-hooks/exhaustive-deps

  function enter() {
    const s = classifyScan(text);
    setText('');
    switch (s.kind) {
      case 'box': void scanBox(s.code); break;
      case 'bad-box': setNotice({ intent: 'danger', text: t('counter.errors.BAD_DATAMATRIX') }); break;
      // A product's plain barcode (no DataMatrix: cosmetics, OTC) while a prescription is open is a box of the sale.
      case 'recete': if (recete && plainBarcode(s.receteNo)) void scanBox(plainBarcode(s.receteNo)!); else void search(s.receteNo); break;
      case 'empty': if (found || receteNo) void read(); break;
      default: setNotice({ intent: 'warning', text: t('counter.unknownInput') });
    }
  }

  function keys(e: KeyboardEvent) {
    if (dialog !== null) return;
    const k = e.key;
    const act = (f: () => void) => { e.preventDefault(); if (!busy) f(); };
    if (k === 'Enter' && e.target === input.current) return act(enter);
    if (k === KEYS.read) return act(() => { void read(); });
    if (k === KEYS.manual) return act(() => setDialog('manual'));
    if (k === KEYS.tracking && canTrack) return act(() => setDialog('tracking'));
    if (k === KEYS.equivalents && lines[selected]) return act(() => setDialog('equivalents'));
    if (k === KEYS.share) return act(() => { void share(); });
    if ((e.ctrlKey || e.metaKey) && (k === 's' || k === 'S')) return act(() => { void saveAtMedula(); });
    if (PAY_KEYS[k]) {
      e.preventDefault();
      // A payment key pressed while the share is still being computed waits for it (then pays), never lost.
      if (busy) queuedPay.current = PAY_KEYS[k]!;
      else void pay(PAY_KEYS[k]!);
      return;
    }
    if (k === KEYS.newSale) return act(reset);
    if (e.altKey && !e.ctrlKey) {
      const c = k.toLowerCase();
      if (c === 'h') return act(() => setDialog('prepared'));
      if (c === 'r') return act(reports);
      if (c === 'm') return act(majistral);
      if (c === 'i' && lines[selected]) return act(() => { void info(lines[selected]!); });
    }
    if (k === 'ArrowDown' && lines.length) { e.preventDefault(); setSelected((i) => Math.min(i + 1, lines.length - 1)); }
    if (k === 'ArrowUp' && lines.length) { e.preventDefault(); setSelected((i) => Math.max(i - 1, 0)); }
  }

  const a = recete?.amounts;
  const keyButton = (label: string, key: string, onClick: () => void, extra: object = {}) => (
    <Button text={<>{label} <kbd>{key === 'Escape' ? 'Esc' : key === 'Control+S' ? 'Ctrl+S' : key}</kbd></>} aria-label={label} aria-keyshortcuts={key} onClick={() => { onClick(); focus(); }} disabled={Boolean(busy)} {...extra} />
  );
  const boxesOf = () => [...lines.flatMap((l) => l.scanned), ...(counter?.extraBoxes ?? [])].filter((b) => b.gtin && b.sn).map((b) => ({ gtin: b.gtin!, sn: b.sn!, bn: b.bn ?? null, xd: b.xd ?? null }));

  return (
    <section aria-label={t('counter.title')} onKeyDown={keys} className="pharmacy-counter" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <H2 style={{ margin: 0 }}>{t('counter.title')}</H2>
      <form onSubmit={(e) => { e.preventDefault(); }} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <InputGroup
          inputRef={input} autoFocus large fill aria-label={t('counter.input')} placeholder={t('counter.inputHint')} value={text}
          onChange={(e) => setText(e.currentTarget.value)} autoComplete="off" spellCheck={false} leftIcon="barcode" style={{ minWidth: 240 }}
        />
      </form>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }} role="toolbar" aria-label={t('counter.keys')}>
        {keyButton(found ? t('counter.view') : t('counter.readMedula'), KEYS.read, () => { void read(); }, { icon: 'import' })}
        {canTrack && keyButton(t('counter.tracking'), KEYS.tracking, () => setDialog('tracking'), { icon: 'barcode' })}
        {(medulaDown || !recete) && keyButton(t('counter.manual'), KEYS.manual, () => setDialog('manual'), { icon: 'edit', intent: medulaDown ? 'warning' : 'none' })}
        {keyButton(t('counter.equivalents'), KEYS.equivalents, () => lines[selected] && setDialog('equivalents'), { icon: 'exchange' })}
        {keyButton(t('counter.newSale'), KEYS.newSale, reset, { icon: 'refresh' })}
        {!recete && keyButton(t('prepared.button'), KEYS.prepared, () => setDialog('prepared'), { icon: 'import' })}
        {recete && keyButton(t('rapor.button'), KEYS.reports, reports, { icon: 'document-open' })}
        {recete?.medulaState === 'SAVED' && keyButton(t('majistral.button'), KEYS.majistral, majistral, { icon: 'lab-test' })}
        {/* No key of its own: the login opens by itself when Medula asks for one (F5 stays the browser's). */}
        <Button icon="log-in" variant="minimal" text={t('counter.medulaLogin')} onClick={() => setDialog('login')} disabled={Boolean(busy)} />
        {medulaState && <Tag minimal round intent={medulaState === 'LOGGED' ? 'success' : medulaState === 'ERROR' ? 'danger' : 'warning'} aria-label={t('counter.medulaState')}>{t(`counter.medulaStates.${medulaState}`)}</Tag>}
      </div>
      {busy && typeof busy === 'object' && <MedulaSteps steps={busy.steps} progressId={busy.progressId ?? null} />}
      {notice && <Callout intent={notice.intent} role={notice.intent === 'danger' ? 'alert' : 'status'}>{notice.text}</Callout>}

      {recete && (
        <Card aria-label={t('counter.recete')} role="region" style={{ padding: 12 }}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <H4 style={{ margin: 0 }}>{t('counter.receteNo', { no: shownReceteNo(recete) })}</H4>
            {recete.color && <Tag round style={{ background: COLOR_TAG[recete.color] ?? undefined }} aria-label={t('counter.color')}>{colorLabel(recete.color, lang)}</Tag>}
            <Tag minimal>{RECETE_TYPE_LABELS[recete.type]?.[lang] ?? recete.type}</Tag>
            {recete.version && <Tag minimal>{recete.version}</Tag>}
            {recete.invoiceNo && <Tag intent="success">{t('pay.invoiced', { no: recete.invoiceNo })}</Tag>}
          </div>
          <dl className="pharmacy-facts" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '2px 16px', margin: '8px 0 0' }}>
            <div><dt>{t('counter.patient')}</dt><dd>{patientOf(recete).name} {patientOf(recete).tckn ? `(${patientOf(recete).tckn})` : ''}</dd></div>
            <div><dt>{t('counter.doctor')}</dt><dd>{doctorOf(recete).name}{doctorOf(recete).branch ? ` · ${doctorOf(recete).branch}` : ''}</dd></div>
            <div><dt>{t('counter.facility')}</dt><dd>{[recete.hospital, recete.facilityCode].filter(Boolean).join(' · ')}</dd></div>
            <div><dt>{t('counter.date')}</dt><dd>{formatDate(recete.receteDate)}</dd></div>
            <div><dt>{t('counter.diagnoses')}</dt><dd>{(recete.diagnoses ?? []).map((d) => [d.code, d.name].filter(Boolean).join(' ')).join(', ')}</dd></div>
            {recete.provisionType && <div><dt>{t('counter.provision')}</dt><dd>{recete.provisionType}</dd></div>}
          </dl>
        </Card>
      )}

      {recete && (
        <LineGrid>
          <HTMLTable compact aria-label={t('counter.lines')} style={{ width: '100%' }}>
            <thead><tr>
              <th>#</th><th style={{ minWidth: 180 }}>{t('line.name')}</th><th>{t('line.scanned')}</th><th>{t('line.usage')}</th><th>{t('line.warning')}</th><th style={{ textAlign: 'right' }}>{t('line.total')}</th><th style={{ textAlign: 'right' }}>{t('line.difference')}</th>
            </tr></thead>
            <tbody>
              {lines.map((l, i) => {
                const full = l.scanned.length >= l.count;
                return (
                  <tr key={l.id} aria-selected={i === selected} onClick={() => setSelected(i)} style={i === selected ? { outline: '2px solid #2d72d2' } : undefined}>
                    <td>{l.lineNo}</td>
                    <td>
                      {l.name}{l.covered === false ? <> <Tag minimal intent="warning">{t('line.notCovered')}</Tag></> : null}
                      <div className="bp6-text-muted"><small>{l.barcode}</small>{l.prescribedBarcode && l.prescribedBarcode !== l.barcode ? <small> · {t('line.prescribed', { barcode: l.prescribedBarcode })}</small> : null}</div>
                      {l.reportNo ? <div className="bp6-text-muted"><small>{t('line.report')}: {l.reportNo}</small></div> : null}
                      <Button size="small" variant="minimal" icon="info-sign" text={t('vademecum.button')} aria-label={t('vademecum.buttonOf', { name: l.name })} aria-keyshortcuts={i === selected ? KEYS.info : undefined} onClick={(e) => { e.stopPropagation(); void info(l); }} />
                    </td>
                    <td>
                      <Tag minimal intent={full ? 'success' : 'warning'} aria-label={t('line.scannedOf', { name: l.name })}>{l.scanned.length}/{l.count}</Tag>
                      {l.scanned.map((b) => (
                        <div key={b.scanId} style={{ whiteSpace: 'nowrap' }}>
                          <small>{b.sn ?? b.barcode}</small>
                          <Button size="small" variant="minimal" icon="cross" aria-label={t('line.removeBox', { sn: b.sn ?? b.barcode })} onClick={() => { void removeBox(b.scanId); }} />
                        </div>
                      ))}
                    </td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {/* Medula's usage: every <period> <unit>, <dose1> × <dose2> (e.g. 1 Günde 3 × 1). */}
                      <input aria-label={t('line.periodOf', { no: l.lineNo })} type="number" min={1} max={366} defaultValue={l.period ?? ''} className="bp6-input bp6-small" style={{ width: 48 }}
                        onBlur={(e) => { const v = Number(e.currentTarget.value); if (Number.isInteger(v) && v > 0 && v !== l.period) void updateLine(l, { period: v }); }} />
                      <HTMLSelect aria-label={t('line.periodUnitOf', { no: l.lineNo })} value={l.periodUnit ?? '3'} minimal
                        onChange={(e) => { void updateLine(l, { periodUnit: e.currentTarget.value }); }}>
                        {PERIOD_UNITS.map((u) => <option key={u} value={u}>{t(`line.units.u${u}`)}</option>)}
                        {l.periodUnit && !PERIOD_UNITS.includes(l.periodUnit as (typeof PERIOD_UNITS)[number]) && <option value={l.periodUnit}>{l.periodUnit}</option>}
                      </HTMLSelect>
                      <div>
                        <input key={`d1-${l.dose1 ?? ''}`} aria-label={t('line.dose1', { no: l.lineNo })} defaultValue={doseText(l.dose1)} maxLength={6} inputMode="decimal" className="bp6-input bp6-small" style={{ width: 48 }}
                          onBlur={(e) => { const v = e.currentTarget.value.trim(); if (v !== doseText(l.dose1)) void updateLine(l, { dose1: doseIn(v) }); }} />
                        {' × '}
                        <input key={`d2-${l.dose2 ?? ''}`} aria-label={t('line.dose2', { no: l.lineNo })} defaultValue={doseText(l.dose2)} maxLength={6} inputMode="decimal" className="bp6-input bp6-small" style={{ width: 48 }}
                          onBlur={(e) => { const v = e.currentTarget.value.trim(); if (v !== doseText(l.dose2)) void updateLine(l, { dose2: doseIn(v) }); }} />
                      </div>
                    </td>
                    <td>
                      <HTMLSelect aria-label={t('line.warningOf', { no: l.lineNo })} value={l.warningCode ?? ''} minimal
                        onChange={(e) => { void updateLine(l, { warningCode: e.currentTarget.value || null }); }}>
                        <option value="" title={t('line.noWarning')}>—</option>
                        {warningCodes.map((w) => <option key={w.code} value={w.code}>{w.code}{w.description ? ` ${w.description}` : ''}</option>)}
                        {l.warningCode && !warningCodes.some((w) => w.code === l.warningCode) && <option value={l.warningCode}>{l.warningCode}</option>}
                      </HTMLSelect>
                    </td>
                    <td style={{ textAlign: 'right' }}>
                      <span style={{ whiteSpace: 'nowrap' }}>{money(l.totalPrice)}</span>
                      {/* Why the amount is what it is (and what changed with the last answer): the rule the server applied. */}
                      <div className="bp6-text-muted" aria-label={t('line.whyOf', { no: l.lineNo })} style={{ maxWidth: 260, marginLeft: 'auto' }}>
                        {[...(lineChanges[l.id] ?? []), ...breakdown(l)].map((n) => <div key={n.key}><small>{t(`line.why.${n.key}`, n.params)}</small></div>)}
                      </div>
                    </td>
                    <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(l.priceDifference)}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
          <p className="bp6-text-muted" style={{ margin: '4px 0 0' }}>{t('counter.linesHint', { key: KEYS.equivalents })}</p>
        </LineGrid>
      )}

      {recete && (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Card role="region" aria-label={t('share.title')} style={{ flex: '1 1 320px', padding: 12 }}>
            <H4>{t('share.title')}</H4>
            {recete.shareSource === 'LOCAL' && (medulaDown || medulaState === 'ERROR' || recete.type === 'ManualPrescription')
              ? <Callout intent="warning" style={{ marginBottom: 8 }}>{t('share.local')}</Callout>
              : recete.shareSource === 'LOCAL' ? <p className="bp6-text-muted">{t('share.localLists')}</p> : null}
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginBottom: 8 }}>
              <HTMLSelect aria-label={t('share.mode')} value={shareMode} onChange={(e) => setShareMode(e.currentTarget.value as ShareMode)}>
                <option value="SALARY">{t('share.modes.SALARY')}</option>
                <option value="MANUAL">{t('share.modes.MANUAL')}</option>
              </HTMLSelect>
              <HTMLSelect aria-label={t('share.patientStatus')} value={patientStatus} onChange={(e) => setPatientStatus(e.currentTarget.value as typeof patientStatus)}>
                {PATIENT_STATUSES.map((s) => <option key={s} value={s}>{t(`share.statuses.${s}`)}</option>)}
              </HTMLSelect>
              <InputGroup aria-label={t('share.examinationCopayIn')} placeholder={t('share.examinationCopayIn')} value={examination} inputMode="decimal" style={{ width: 150 }}
                onChange={(e) => setExamination(e.currentTarget.value)} />
              {shareMode === 'MANUAL' && (
                <InputGroup aria-label={t('share.manualAmount')} placeholder={t('share.manualAmount')} value={manualAmount} inputMode="decimal" style={{ width: 120 }}
                  onChange={(e) => setManualAmount(e.currentTarget.value)} />
              )}
              {keyButton(t('share.compute'), KEYS.share, () => { void share(); }, { icon: 'calculator' })}
              {recete.medulaState !== 'SAVED' && keyButton(t('counter.saveMedula'), KEYS.save, () => { void saveAtMedula(); }, { icon: 'cloud-upload' })}
            </div>
            <HTMLTable compact aria-label={t('share.amounts')} style={{ width: '100%' }}>
              <tbody>
                {(['prescriptionCopay', 'examinationCopay', 'drugCopay', 'priceDifference', 'total', 'institutionPayable'] as const).map((k) => (
                  <tr key={k}><th scope="row" style={{ fontWeight: 'normal' }}>{t(`share.${k}`)}</th><td style={{ textAlign: 'right' }}>{money(a?.[k])}</td></tr>
                ))}
                <tr><th scope="row">{t('share.patientPayable')}</th><td style={{ textAlign: 'right', fontSize: '1.3em', fontWeight: 600 }} aria-label={t('share.patientPayable')}>{money(a?.patientPayable)}</td></tr>
              </tbody>
            </HTMLTable>
          </Card>
          <Card role="region" aria-label={t('pay.title')} style={{ flex: '1 1 260px', padding: 12 }}>
            <H4>{t('pay.title')}</H4>
            {recete.invoiceId ? (
              <div role="status" aria-label={t('pay.result')}>
                <p>{t('pay.invoiced', { no: recete.invoiceNo ?? result?.invoiceNo ?? '' })}</p>
                <p><a href={`/invoice/${recete.invoiceId}`} onClick={(e) => { e.preventDefault(); shell.host.navigate(`/invoice/${recete.invoiceId}`); }}>{t('pay.openInvoice', { no: recete.invoiceNo ?? '' })}</a></p>
                <Button icon="unlink" text={t('pay.unlink')} onClick={() => { void unlink(); }} />
                {/* The POS plugin follows the card share on its terminal (nothing without it). */}
                <Slot name="pharmacy.sale.payment" params={{ receteId: String(recete.id), amount: a?.patientPayable ?? '0', invoiceId: String(recete.invoiceId) }} />
              </div>
            ) : (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
                {keyButton(t('pay.CASH'), KEYS.cash, () => { void pay('CASH'); }, { intent: 'success', icon: 'bank-account', large: true })}
                {keyButton(t('pay.CREDIT_CARD'), KEYS.card, () => { void pay('CREDIT_CARD'); }, { icon: 'credit-card' })}
                {keyButton(t('pay.OPEN_ACCOUNT'), KEYS.openAccount, () => { void pay('OPEN_ACCOUNT'); }, { icon: 'book' })}
                {/* A POS plugin's card payment, when one is installed (nothing otherwise). */}
                <Slot name="pharmacy.sale.payment" params={{ receteId: String(recete.id), amount: a?.patientPayable ?? '0' }} />
              </div>
            )}
          </Card>
        </div>
      )}

      {!recete && !notice && <p className="bp6-text-muted">{t('counter.start')}</p>}

      {dialog === 'login' && (
        <MedulaLoginDialog ereceteNo={receteNo ?? ''} onClose={() => setDialog(null)}
          onLogged={() => { setDialog(null); void isLogged.refetch(); shell.notify.success(t('medulaLogin.done')); if (receteNo || found) void read(); }} />
      )}
      {dialog === 'manual' && (
        <ManualReceteDialog receteNo={receteNo ?? ''} onClose={() => setDialog(null)}
          onSaved={(r) => { setDialog(null); setReceteNo(r.receteNo); setFound(r); void open(r.id).then(() => setNotice({ intent: 'success', text: t('manual.saved') }), (e: unknown) => shell.notify.failure(e)); }} />
      )}
      {dialog === 'equivalents' && recete && lines[selected] && (
        <EquivalentsDialog line={lines[selected]!} receteId={recete.id} onClose={() => setDialog(null)} onChoose={(e) => { void chooseEquivalent(lines[selected]!, e); }} />
      )}
      {dialog === 'prepared' && (
        <PreparedDialog tckn={patientTckn} onClose={() => setDialog(null)} onLogin={() => setDialog('login')}
          onTaken={(r) => { setDialog(null); setReceteNo(r.receteNo); setFound(r); void open(r.id).then(() => setNotice({ intent: 'success', text: t('prepared.taken', { no: r.receteNo }) }), (e: unknown) => shell.notify.failure(e)); }} />
      )}
      {dialog === 'reports' && patientTckn && (
        <RaporsDialog tckn={patientTckn} medicine={lines[selected] ? { barcode: lines[selected]!.barcode, name: lines[selected]!.name } : null} onClose={() => setDialog(null)} onLogin={() => setDialog('login')} />
      )}
      {dialog === 'majistral' && recete && <MajistralDialog receteId={recete.id} receteNo={recete.receteNo} onClose={() => setDialog(null)} />}
      {dialog === 'tracking' && (
        <TrackingDialog boxes={boxesOf()} invoiceId={recete?.invoiceId ?? null} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
