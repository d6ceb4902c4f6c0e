import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, H2, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps } from '@tezgah/core';
import { Field, fieldErrorsFor, reportFailure, useAddRequest, useApiQuery, useQueryClient, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { AccountSuggest } from './parts';
import { ACCOUNTS, ACCOUNT_CODE, balance, mayLedger, money, type LedgerAccount } from './model';

/** How long the search box waits after the last key. */
const SEARCH_DELAY_MS = 300;

/**
 * /accountcodes-settings (Hesap Planı): the company's chart of accounts as a tree (the classes
 * first, each account's sub-accounts asked for with `parent=` when it is opened) with the debit,
 * credit and balance of every account, sub-accounts included; a search over codes and names; and
 * a sub-account under an account without postings of its own (102 → 102.01).
 */
export default function AccountsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [searchText, setSearchText] = useState('');
  const [adding, setAdding] = useState<LedgerAccount | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setAdding('new'); addDone(); }
  }, [addRequested, addDone]);
  const canCreate = mayLedger(host, Action.CREATE);
  const sides = { debit: t('ledger.common.sideDebit'), credit: t('ledger.common.sideCredit') };

  // Balances move with every posting (written under other paths): each visit asks again, showing the last answer meanwhile.
  const rootsQuery = useApiQuery(ACCOUNTS, undefined, { refetchOnEveryMount: true });
  // The roots (empty when they failed to load, the failure notified).
  const roots: readonly LedgerAccount[] | null = rootsQuery.data ?? (rootsQuery.isError ? [] : null);

  // The search asks after a pause in typing; an empty box shows the tree again.
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = searchText.trim();
    if (next === term) return undefined;
    if (!next) { setTerm(''); return undefined; }
    const timer = setTimeout(() => setTerm(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, term]);
  const foundQuery = useApiQuery(ACCOUNTS, { params: { query: { search: term.slice(0, 100) } } }, { enabled: !!term, keepPrevious: true, refetchOnEveryMount: true });
  const found: readonly LedgerAccount[] | null = searchText.trim() && term ? foundQuery.data ?? null : null;

  /**
   * An account whose sub-accounts failed to load closes again (the failure notified); the failed
   * read is forgotten, so opening it again asks anew rather than showing the old failure.
   */
  const client = useQueryClient();
  const childrenFailed = (code: string) => (e: unknown) => {
    setExpanded((s) => { const n = new Set(s); n.delete(code); return n; });
    client.removeQueries({ queryKey: ['GET', ACCOUNTS, childrenOf(code)], exact: true });
    shell.notify.failure(e);
  };

  function toggle(a: LedgerAccount) {
    setExpanded((s) => { const n = new Set(s); if (n.has(a.code)) n.delete(a.code); else n.add(a.code); return n; });
  }

  /** A sub-account may go under an account of the chart (level 3 or below) that has no postings of its own and is not an automatic one. */
  const mayAddUnder = (a: LedgerAccount) => canCreate && a.level >= 3 && a.ownerKind === null && (a.header || (a.debit === 0 && a.credit === 0));

  const row = (a: LedgerAccount, depth: number, tree: boolean) => {
    const open = expanded.has(a.code);
    return (
      <tr key={a.code}>
        <td style={{ paddingLeft: 8 + depth * 20, whiteSpace: 'nowrap' }}>
          {tree && a.header ? (
            <Button
              size="small"
              variant="minimal"
              icon={open ? 'chevron-down' : 'chevron-right'}
              aria-expanded={open}
              aria-label={t(open ? 'ledger.accounts.collapse' : 'ledger.accounts.expand', { code: a.code })}
              onClick={() => toggle(a)}
            />
          ) : <span style={{ display: 'inline-block', width: tree ? 24 : 0 }} />}
          <strong>{a.code}</strong>
        </td>
        <td>
          {a.name}
          {a.ownerKind && <Tag minimal intent="primary" title={t('ledger.accounts.auto')} style={{ marginLeft: 6 }}>{t(`ledger.accounts.owners.${a.ownerKind}`, { defaultValue: a.ownerKind })}</Tag>}
        </td>
        <td style={{ textAlign: 'right' }}>{money(a.debit)}</td>
        <td style={{ textAlign: 'right' }}>{money(a.credit)}</td>
        <td style={{ textAlign: 'right' }}>{balance(a.balance, sides)}</td>
        <td>
          {mayAddUnder(a) && (
            <Button size="small" variant="minimal" icon="add" aria-label={t('ledger.accounts.addSubOf', { code: a.code })} title={t('ledger.accounts.addSubOf', { code: a.code })} onClick={() => setAdding(a)} />
          )}
        </td>
      </tr>
    );
  };

  const branch = (list: readonly LedgerAccount[], depth: number): ReactNode => list.map((a) => (
    <Fragment key={a.code}>
      {row(a, depth, true)}
      {expanded.has(a.code) && <SubAccounts code={a.code} depth={depth + 1} branch={branch} onFail={childrenFailed(a.code)} />}
    </Fragment>
  ));

  const list = found ?? roots;
  return (
    <section aria-label={t('ledger.accounts.title')}>
      <H2>{t('ledger.accounts.title')}</H2>
      <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <InputGroup type="search" leftIcon="search" aria-label={t('ledger.accounts.searchHint')} placeholder={t('ledger.accounts.searchHint')} value={searchText} onValueChange={setSearchText} style={{ minWidth: 260 }} />
      </div>
      {list === null ? <Spinner size={20} /> : list.length === 0 ? <NonIdealState icon="diagram-tree" title={t('ledger.accounts.none')} /> : (
        <div className="tz-table-scroll">
          <HTMLTable compact striped interactive aria-label={t('ledger.accounts.tree')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('ledger.common.code')}</th>
                <th>{t('ledger.common.accountName')}</th>
                <th style={{ textAlign: 'right' }}>{t('ledger.common.debit')}</th>
                <th style={{ textAlign: 'right' }}>{t('ledger.common.credit')}</th>
                <th style={{ textAlign: 'right' }}>{t('ledger.accounts.balance')}</th>
                <th><span className="bp6-text-muted">{t('table.actions', { ns: 'kernel' })}</span></th>
              </tr>
            </thead>
            <tbody>{found ? found.map((a) => row(a, 0, false)) : branch(list, 0)}</tbody>
          </HTMLTable>
        </div>
      )}
      {adding && (
        <SubAccountDialog
          parent={adding === 'new' ? null : adding}
          onClose={() => setAdding(null)}
          onSaved={(saved) => {
            setAdding(null);
            host.notify.success(t('ledger.accounts.form.created', { code: saved.code, name: saved.name }));
            host.bus.emit('entity.created', { plugin: 'accounting', entity: 'ledgerAccount', id: saved.code, record: saved });
            // The write refreshed every list of the chart on screen (the parent is a header now, the
            // search finds the new account); the parent opens on its sub-accounts.
            const parent = saved.parentCode;
            if (parent) setExpanded((s) => new Set(s).add(parent));
          }}
        />
      )}
    </section>
  );
}

/** The request of an account's sub-accounts. */
const childrenOf = (parent: string) => ({ params: { query: { parent } } });

/** An opened account's sub-accounts (listLedgerAccounts `parent=`), each with its own opened ones. */
function SubAccounts(props: { code: string; depth: number; branch: (list: readonly LedgerAccount[], depth: number) => ReactNode; onFail: (e: unknown) => void }) {
  const q = useApiQuery(ACCOUNTS, childrenOf(props.code), { report: props.onFail, refetchOnEveryMount: true });
  if (q.data) return <>{props.branch(q.data, props.depth)}</>;
  if (q.isError) return null;
  return <tr><td colSpan={6} style={{ paddingLeft: 8 + props.depth * 20 }}><Spinner size={14} /></td></tr>;
}

/**
 * A sub-account (createLedgerAccount): under the account it was opened from, or one chosen here;
 * its code is optional (the server gives the next one: 102.01, 102.02 …) and must start with the
 * parent's code; its name is required.
 */
function SubAccountDialog(props: { parent: LedgerAccount | null; onClose: () => void; onSaved: (a: LedgerAccount) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [parentCode, setParentCode] = useState(props.parent?.code ?? '');
  const [parentObj, setParentObj] = useState<LedgerAccount | null>(props.parent);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = props.parent ? t('ledger.accounts.addSubOf', { code: props.parent.code }) : t('ledger.accounts.addSub');

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!parentCode) found.parentCode = t('ledger.accounts.form.parentRequired');
    const c = code.trim();
    if (c && !ACCOUNT_CODE.test(c)) found.code = t('ledger.rules.accountFormat');
    else if (c && parentCode && !c.startsWith(`${parentCode}.`)) found.code = t('ledger.accounts.form.codeUnder', { parent: parentCode });
    if (!name.trim()) found.name = t('ledger.accounts.form.nameRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      props.onSaved(await shell.api.request('POST', ACCOUNTS, { body: { parentCode, name: name.trim(), ...(c ? { code: c } : {}) } }));
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['parentCode', 'code', 'name'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="sub-parent" label={t('ledger.accounts.form.parent')} error={errors.parentCode} required>
            {props.parent
              ? <InputGroup id="sub-parent" value={`${props.parent.code} ${props.parent.name}`} readOnly />
              : <AccountSuggest id="sub-parent" value={parentCode} account={parentObj} onChange={(c, a) => { setParentCode(c); setParentObj(a); }} />}
          </Field>
          <Field id="sub-code" label={t('ledger.accounts.form.code')} error={errors.code} hint={t('ledger.accounts.form.codeHint', { example: parentCode ? `${parentCode}.01` : '102.01' })}>
            <InputGroup id="sub-code" value={code} onValueChange={setCode} maxLength={40} placeholder={parentCode ? `${parentCode}.01` : ''} />
          </Field>
          <Field id="sub-name" label={t('ledger.accounts.form.name')} error={errors.name} required>
            <InputGroup id="sub-name" value={name} onValueChange={setName} maxLength={200} autoFocus={!!props.parent} />
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
