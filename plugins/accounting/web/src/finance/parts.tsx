import { useEffect, useState, type FocusEvent } from 'react';
import { Button, Dialog, DialogBody, HTMLSelect, InputGroup, MenuItem, type InputGroupProps } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, formatDecimalInput, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { QuickAccount } from '../currents/QuickAdd';
import { BANK_ACCOUNTS, CURRENTS, SUMMARIES, currencyCode, type Current, type MoneyKind, type MoneySummary } from './model';

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
 * call; only active accounts). null while loading; `version` reads them again.
 */
export function useMoneyAccounts(version: unknown = 0, enabled = true): MoneyAccountChoice[] | null {
  const shell = useShell();
  const [list, setList] = useState<MoneyAccountChoice[] | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    shell.api.request('GET', SUMMARIES, {})
      .then((s: MoneySummary) => { if (live) setList([...s.cash.accounts, ...s.bank.accounts].map((a) => ({ kind: a.kind, id: a.id, name: a.name, currencyId: a.currencyId, balance: a.balance }))); })
      .catch((e: unknown) => { if (live) setList([]); shell.notify.failure(e); });
    return () => { live = false; };
  }, [shell, version, enabled]);
  return list;
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
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Current[]>([]);
  const [searching, setSearching] = useState(false);
  const [adding, setAdding] = useState(false);
  const { host, onChange } = props;
  const mayAdd = (props.quickAdd ?? true) && host.can({ codes: ['6_2', '5_2', '7_2', '8_2'] });

  useEffect(() => {
    const term = query.trim();
    if (!term) { setItems([]); return undefined; }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      shell.api.list(CURRENTS, { params: { query: { search: term.slice(0, 100), active: true, page: 0, size: 20, sort: ['name,asc'] } } })
        .then((p) => { if (live) setItems(p.items); })
        .catch((e: unknown) => { if (live) shell.notify.failure(e); })
        .finally(() => { if (live) setSearching(false); });
    }, CURRENT_SEARCH_DELAY_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [query, shell]);

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
