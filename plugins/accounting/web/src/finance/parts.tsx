import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Button, Dialog, DialogBody, HTMLSelect, InputGroup, MenuItem, type InputGroupProps } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, formatDecimalInput, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import { useApiData, useApiMutation, useInvalidate } from '@tezgah/workbench/ui';
import { QuickAccount } from '../currents/QuickAdd';
import { BANK_ACCOUNTS, CURRENTS, MONEY_READS, SUMMARIES, currencyCode, useMoneyVersion, type Current, type MoneyKind, type MoneySummary } from './model';

/** How long the current search waits after the last key. */
export const CURRENT_SEARCH_DELAY_MS = 250;

type MoneyInputProps = Omit<InputGroupProps, 'value' | 'onValueChange' | 'onChange'> & {
  value: string;
  onValueChange: (v: string) => void;
  /** Decimals shown when the box is left: 2 for an amount, up to 6 for a rate. */
  decimals?: [min: number, max: number];
};

/**
 * An amount box: typed the Turkish way ("1999,9", "1.999,90", "250") and shown so once the box is
 * left ("1.999,90"); what cannot be read stays as typed, for its field's rule to point at.
 */
export function MoneyInput({ value, onValueChange, decimals = [2, 2], onBlur, ...rest }: MoneyInputProps) {
  return (
    <InputGroup
      inputMode="decimal"
      placeholder="0,00"
      {...rest}
      value={value}
      onValueChange={onValueChange}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const d = parseTurkishDecimal(value);
        if (d !== null && (d.split('.')[1]?.length ?? 0) <= decimals[1]) onValueChange(formatDecimalInput(d, decimals[0], decimals[1]));
        onBlur?.(e);
      }}
    />
  );
}

/** A currency choice (TL first), by id. */
export function CurrencySelect(props: { id: string; value: string; onChange: (v: string) => void; disabled?: boolean; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }) {
  return (
    <HTMLSelect
      id={props.id} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.currentTarget.value)}
      aria-describedby={props['aria-describedby']} aria-invalid={props['aria-invalid']} aria-required={props['aria-required']}
    >
      {CURRENCIES.map((c) => <option key={c.id} value={String(c.id)}>{`${c.code} — ${c.name}`}</option>)}
    </HTMLSelect>
  );
}

/** A safe or bank account as the pickers know it. */
export interface MoneyAccountChoice { kind: MoneyKind; id: number; name: string; currencyId: number; balance?: number; /** A bank account's type (POS, TRADING …), when known. */ accountType?: string | null }

/** "SAFE:3" ↔ the account (the pickers' option values). */
export const refKey = (a: { kind: MoneyKind; id: number }) => `${a.kind}:${a.id}`;

/**
 * Every safe and bank account of the company with its currency, from the cash/bank summary (one
 * call; only active accounts). null while loading; a change of `version` reads them again. The
 * read is shared with every other screen that shows these balances and refreshed on each visit; a
 * money write marks it stale (MONEY_READS).
 */
export function useMoneyAccounts(version: unknown = 0, enabled = true): MoneyAccountChoice[] | null {
  const q = useApiData(['GET', SUMMARIES, {}], (api) => api.request('GET', SUMMARIES, {}) as Promise<MoneySummary>, { enabled, refetchOnEveryMount: true });
  const invalidate = useInvalidate();
  const first = useRef(version);
  useEffect(() => {
    if (Object.is(first.current, version)) return;
    first.current = version;
    void invalidate(SUMMARIES);
  }, [version, invalidate]);
  const summary = q.data;
  return useMemo(
    () => (summary ? [...summary.cash.accounts, ...summary.bank.accounts].map((a) => ({ kind: a.kind, id: a.id, name: a.name, currencyId: a.currencyId, balance: a.balance })) : null),
    [summary],
  ) ?? (q.isError ? [] : null);
}

/**
 * Runs a money write (a collection, payment, transfer, cheque step, an account's removal) through
 * the data layer: once the server confirmed it, the reads it changes besides its own collection
 * (MONEY_READS: the summary's balances, the accounts and their movements) are marked stale, so a
 * balance shown anywhere is read again. Rejects as the SDK does; the caller shows the failure.
 */
export function useMoneyWrite(): <R>(write: (api: TezgahPromiseApi) => Promise<R>) => Promise<R> {
  const { mutateAsync } = useApiMutation({ mutate: (api, write: (api: TezgahPromiseApi) => Promise<unknown>) => write(api), invalidates: MONEY_READS, report: false });
  return useCallback(<R,>(write: (api: TezgahPromiseApi) => Promise<R>) => mutateAsync(write) as Promise<R>, [mutateAsync]);
}

/**
 * Marks stale the reads under `prefixes` whenever money moves (a change announced on the bus, e.g.
 * an invoice's payment or a capital payment made elsewhere), so a screen showing a balance reads
 * it again, as it did when it reloaded on the bus's signal.
 */
export function useMoneyRefresh(host: WorkbenchHost, ...prefixes: string[]): void {
  const version = useMoneyVersion(host);
  const invalidate = useInvalidate();
  const seen = useRef(version);
  const paths = prefixes.join('\n');
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void invalidate(...paths.split('\n'));
  }, [version, paths, invalidate]);
}

/** The company's bank accounts (listBankAccounts, which the cheque screens may read too). */
export function useBankAccounts(): MoneyAccountChoice[] | null {
  const q = useApiData(
    ['GET', BANK_ACCOUNTS, { size: 1000 }, 'page'],
    (api) => api.list(BANK_ACCOUNTS, { params: { query: { page: 0, size: 1000, sort: ['name,asc'] } } })
      .then((p): MoneyAccountChoice[] => p.items.map((a) => ({ kind: 'BANK_ACCOUNT' as const, id: a.id, name: `${a.name} — ${a.bankName}`, currencyId: a.currencyId }))),
  );
  return q.data ?? (q.isError ? [] : null);
}

/**
 * A safe or bank account, grouped (Kasalar, Banka hesapları), each with its currency. `value` is
 * `refKey` ('' for none); `emptyLabel` names the empty choice.
 */
export function MoneyAccountSelect(props: {
  id: string; accounts: readonly MoneyAccountChoice[] | null; value: string; onChange: (key: string, account: MoneyAccountChoice | null) => void;
  emptyLabel?: string; kinds?: readonly MoneyKind[]; currencyId?: number;
  'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean; 'aria-label'?: string;
}) {
  const { t } = useTranslation('accounting');
  const list = (props.accounts ?? []).filter((a) => (!props.kinds || props.kinds.includes(a.kind)) && (props.currencyId === undefined || a.currencyId === props.currencyId));
  const group = (kind: MoneyKind, label: string) => {
    const of = list.filter((a) => a.kind === kind);
    return of.length ? (
      <optgroup label={label}>
        {of.map((a) => <option key={refKey(a)} value={refKey(a)}>{`${a.name} (${currencyCode(a.currencyId)})`}</option>)}
      </optgroup>
    ) : null;
  };
  return (
    <HTMLSelect
      id={props.id}
      value={props.value}
      disabled={props.accounts === null}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      aria-required={props['aria-required']}
      onChange={(e) => {
        const key = e.currentTarget.value;
        props.onChange(key, list.find((a) => refKey(a) === key) ?? null);
      }}
    >
      <option value="">{props.emptyLabel ?? t('finance.common.choose')}</option>
      {group('SAFE', t('finance.common.safes'))}
      {group('BANK_ACCOUNT', t('finance.common.bankAccounts'))}
    </HTMLSelect>
  );
}

/** A current's name as the pickers show it ("Ayşe Yılmaz"). */
export const currentName = (c: Pick<Current, 'name' | 'lastName'>) => [c.name, c.lastName].filter(Boolean).join(' ');

export interface CurrentSuggestProps {
  id: string;
  /** The chosen current, or null. */
  value: Pick<Current, 'id' | 'name' | 'lastName'> | null;
  onChange: (c: Current | null) => void;
  host: WorkbenchHost;
  disabled?: boolean;
  /** Offers the "account" quick-add beside the box (when the user may add a current). @default true */
  quickAdd?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A current account picked by name, title, tax number or phone (listCurrents `search=`, active
 * ones), with the currents screens' quick-add ("Hızlı hesap ekle") beside it: the current it adds
 * is picked.
 */
export function CurrentSuggest(props: CurrentSuggestProps) {
  const { t } = useTranslation('accounting');
  const [query, setQuery] = useState('');
  // The term searched for: the box's text once it has been still for CURRENT_SEARCH_DELAY_MS.
  const [term, setTerm] = useState('');
  const [adding, setAdding] = useState(false);
  const { host, onChange } = props;
  const mayAdd = (props.quickAdd ?? true) && host.can({ codes: ['6_2', '5_2', '7_2', '8_2'] });

  const typed = query.trim().slice(0, 100);
  useEffect(() => {
    if (!typed) { setTerm(''); return undefined; }
    const timer = setTimeout(() => setTerm(typed), CURRENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = { search: term, active: true, page: 0, size: 20, sort: ['name,asc'] };
  const found = useApiData(['GET', CURRENTS, search, 'page'], (api) => api.list(CURRENTS, { params: { query: search } }), { enabled: term !== '', keepPrevious: true });
  const shown = typed && term ? found.data?.items : undefined;
  const items = useMemo<Current[]>(() => (shown ? [...shown] : []), [shown]);
  const searching = typed !== '' && (typed !== term || found.isFetching);

  // The quick-add announces the current it added; that one is picked and the dialog closes.
  useEffect(() => {
    if (!adding) return undefined;
    const picked = (e: { plugin: string; entity: string; record?: unknown }) => {
      if (e.plugin !== 'accounting' || e.entity !== 'current' || !e.record) return;
      onChange(e.record as Current);
      setAdding(false);
    };
    host.bus.on('entity.created', picked);
    return () => host.bus.off('entity.created', picked);
  }, [adding, host.bus, onChange]);

  const type = (c: Current) => t(`currents.types.${c.currentAccountType}`, { defaultValue: c.currentAccountType });
  return (
    <div style={{ display: 'flex', gap: 6 }}>
      <Suggest<Current>
        items={items}
        selectedItem={(props.value as Current | null) ?? null}
        query={query}
        onQueryChange={setQuery}
        itemsEqual="id"
        disabled={props.disabled}
        fill
        inputValueRenderer={(c) => currentName(c)}
        itemRenderer={(c, { handleClick, handleFocus, modifiers }) => (
          <MenuItem
            key={c.id}
            roleStructure="listoption"
            text={currentName(c)}
            label={[type(c), c.taxNumber].filter(Boolean).join(' · ')}
            active={modifiers.active}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        )}
        noResults={<MenuItem disabled roleStructure="listoption" text={searching ? t('finance.common.loading') : query.trim() ? t('finance.common.noCurrent') : t('finance.common.currentSearch')} />}
        onItemSelect={(c) => { setQuery(''); onChange(c); }}
        closeOnSelect
        resetOnClose
        inputProps={{
          id: props.id,
          placeholder: t('finance.common.currentSearch'),
          'aria-describedby': props['aria-describedby'],
          'aria-invalid': props['aria-invalid'],
          'aria-required': props['aria-required'],
        }}
        popoverProps={{ minimal: true, placement: 'bottom-start', matchTargetWidth: true }}
      />
      {mayAdd && (
        <Button icon="add" aria-label={t('finance.common.quickCurrent')} title={t('finance.common.quickCurrent')} disabled={props.disabled} onClick={() => setAdding(true)} />
      )}
      {adding && (
        <Dialog isOpen onClose={() => setAdding(false)} title={t('currents.quick.account')}>
          <DialogBody><QuickAccount host={host} /></DialogBody>
        </Dialog>
      )}
    </div>
  );
}
