import { useEffect, useMemo, useState } from 'react';
import { HTMLSelect, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@tezgah/core';
import { useApiData, useApiQuery } from '@tezgah/workbench/ui';
import { ACCOUNTS, FISCAL_YEARS, type FiscalYear, type LedgerAccount } from './model';

/** How long the account search waits after the last key. */
export const ACCOUNT_SEARCH_DELAY_MS = 250;

/** The company's fiscal years, newest first (null while loading). `version` reloads them. */
export function useFiscalYears(version: unknown = 0): FiscalYear[] | null {
  const q = useApiData(
    ['GET', FISCAL_YEARS, { size: 100, version }, 'page'],
    (api) => api.list(FISCAL_YEARS, { params: { query: { page: 0, size: 100, sort: ['startDate,desc'] } } }).then((p) => [...p.items]),
    { keepPrevious: true },
  );
  return q.data ?? (q.isError ? [] : null);
}

/** The year a screen starts on: the active one that holds today, else the newest active one, else the newest. */
export function defaultYear(years: readonly FiscalYear[], day: string): FiscalYear | undefined {
  return years.find((y) => y.active && y.startDate <= day && day <= y.endDate) ?? years.find((y) => y.active) ?? years[0];
}

/** "2026 (01/01/2026 – 31/12/2026)". */
export const yearLabel = (y: FiscalYear) => `${y.name} (${formatDate(y.startDate)} – ${formatDate(y.endDate)})`;

/** A fiscal year choice; `allLabel` adds an "every year" option (value ''). */
export function FiscalYearSelect(props: {
  id: string; years: readonly FiscalYear[] | null; value: string; onChange: (value: string) => void; allLabel?: string;
  'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-label'?: string;
}) {
  const { t } = useTranslation('accounting');
  return (
    <HTMLSelect
      id={props.id}
      value={props.value}
      disabled={props.years === null}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    >
      {props.allLabel !== undefined ? <option value="">{props.allLabel}</option> : !props.value && <option value="">{t('ledger.common.choose')}</option>}
      {(props.years ?? []).map((y) => <option key={y.id} value={y.id}>{yearLabel(y)}</option>)}
    </HTMLSelect>
  );
}

export interface AccountSuggestProps {
  id: string;
  /** The chosen account's code; '' for none. */
  value: string;
  /** The account as last chosen (shown as "code name"); the code alone when only the code is known. */
  account?: LedgerAccount | null;
  onChange: (code: string, account: LedgerAccount | null) => void;
  /** Only accounts that take postings (the journal entry's lines). */
  postable?: boolean;
  disabled?: boolean;
  /** Set by `Field`. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * An account of the company's chart picked by code or name: what is typed is searched with
 * listLedgerAccounts (`search=`, `postable=true` for lines), and the arrow keys and Enter (or a
 * click) choose one.
 */
export function AccountSuggest(props: AccountSuggestProps) {
  const { t } = useTranslation('accounting');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<LedgerAccount | null>(props.account ?? null);

  // A value set from outside (a reset, another line removed) replaces the one shown.
  useEffect(() => {
    if ((chosen?.code ?? '') === props.value) return;
    setChosen(props.account && props.account.code === props.value ? props.account : props.value ? placeholderAccount(props.value) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value, props.account]);

  // What is typed is asked for after a pause in typing (the first fifty accounts found).
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = query.trim();
    if (next === term) return undefined;
    if (!next) { setTerm(''); return undefined; }
    const timer = setTimeout(() => setTerm(next), ACCOUNT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, term]);
  const found = useApiQuery(
    ACCOUNTS,
    { params: { query: { search: term.slice(0, 100), ...(props.postable ? { postable: true } : {}) } } },
    { enabled: !!term, keepPrevious: true },
  );
  const typed = query.trim();
  const shown = typed && term ? found.data : undefined;
  const items = useMemo(() => (shown ?? []).slice(0, 50), [shown]);
  const searching = !!typed && (typed !== term || found.isFetching);

  return (
    <Suggest<LedgerAccount>
      items={items}
      selectedItem={chosen}
      query={query}
      onQueryChange={setQuery}
      itemsEqual="code"
      disabled={props.disabled}
      fill
      inputValueRenderer={(a) => (a.name ? `${a.code} ${a.name}` : a.code)}
      itemRenderer={(a, { handleClick, handleFocus, modifiers }) => (
        <MenuItem
          key={a.code}
          roleStructure="listoption"
          text={`${a.code} ${a.name}`}
          active={modifiers.active}
          disabled={modifiers.disabled}
          onClick={handleClick}
          onFocus={handleFocus}
        />
      )}
      noResults={<MenuItem disabled roleStructure="listoption" text={searching ? t('ledger.common.loading') : query.trim() ? t('ledger.entries.form.noAccount') : t('ledger.entries.form.accountSearch')} />}
      onItemSelect={(a) => { setChosen(a); setQuery(''); props.onChange(a.code, a); }}
      closeOnSelect
      resetOnClose
      inputProps={{
        id: props.id,
        placeholder: t('ledger.entries.form.accountSearch'),
        'aria-describedby': props['aria-describedby'],
        'aria-invalid': props['aria-invalid'],
        'aria-required': props['aria-required'],
      }}
      popoverProps={{ minimal: true, placement: 'bottom-start', matchTargetWidth: true }}
    />
  );
}

/** An account known only by its code (a value given from outside). */
function placeholderAccount(code: string): LedgerAccount {
  return { code, name: '', parentCode: null, level: 0, postable: true, header: false, ownerKind: null, ownerId: null, debit: 0, credit: 0, balance: 0 };
}
