import { useCallback, useContext, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, ButtonGroup, Callout, HTMLSelect, InputGroup, NonIdealState, Spinner, type IconName, type Intent } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, SelectionModes, Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, QueryClientContext, useQuery, type QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '../../data/query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, SORT_ID_DESC } from '@tezgah/core';
import { visuallyHidden } from '../visuallyHidden';

/** What {@link PagedTable} asks its `fetchPage` for. `page` is zero-based, as the API's lists are. */
export interface PagedTableQuery {
  /** Zero-based page number. */
  page: number;
  /** Rows per page (one of `pageSizes`). */
  size: number;
  /** `field,dir`, e.g. `id,desc`; always given (the default sort when no column is chosen). */
  sort: string;
  /** The trimmed search text; absent when the box is empty or the table has no search. */
  search?: string;
}

/** One page of rows and the number of rows over all pages (the API's `x-total-count`). */
export interface PagedResult<T> {
  items: readonly T[];
  total: number;
}

/** A column of {@link PagedTable}. */
export interface PagedTableColumn<T> {
  /** Stable key of the column (unique within the table). */
  key: string;
  /** Header text. */
  title: string;
  /** The cell's content for a row. */
  render: (row: T) => ReactNode;
  /** The API's sort field for this column (e.g. `login`); absent: the column does not sort. */
  sortField?: string;
  /**
   * Width in pixels.
   * @default 160
   */
  width?: number;
}

/** A button shown on every row (edit, delete, sign in as, ...). */
export interface RowAction<T> {
  /** Stable key of the action (unique within the row). */
  key: string;
  /** Accessible name and tooltip, e.g. t('common.edit'). */
  label: string;
  /** Icon of the button; without one the label is shown as text. */
  icon?: IconName;
  intent?: Intent;
  onClick: (row: T) => void;
  /** Leaves the action out for some rows (e.g. delete on one's own user). */
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
}

export interface PagedTableProps<T> {
  /** Accessible name of the table (e.g. the page title). */
  label: string;
  columns: readonly PagedTableColumn<T>[];
  /**
   * Loads one page. It is read at every load, so it may be an inline function: a new function
   * does not load again by itself; change `reloadKey` for that.
   */
  fetchPage: (query: PagedTableQuery) => Promise<PagedResult<T>>;
  /** Any value; when it changes the current page loads again (after a save or a delete). */
  reloadKey?: unknown;
  /**
   * The list's key in the data layer's cache: its operation and whatever else `fetchPage` reads
   * besides the page, sort and search (filters), e.g. `['GET', '/api/users', { activated }]`.
   * Writes under that path refresh it. Without one the table is cached under its label and
   * `reloadKey`. Either way a revisited list shows its last rows at once and reloads behind them.
   */
  queryKey?: QueryKey;
  /** The row's React key. @default row.id, else the row's index */
  rowKey?: (row: T, index: number) => Key;
  /** A short name of the row added to its action buttons' names in the grid (e.g. the login). */
  rowLabel?: (row: T) => string;
  /** Buttons shown at the end of each row, in order. */
  rowActions?: readonly RowAction<T>[];
  /**
   * Shows a search box; its text goes to `fetchPage` as `search` (after a short pause, from page 0).
   * @default false
   */
  searchable?: boolean;
  /** Placeholder of the search box. @default t('table.search') */
  searchPlaceholder?: string;
  /** The sort used until a column is chosen, and after a column's third click. @default 'id,desc' */
  defaultSort?: string;
  /** Rows per page at first. @default 10 */
  defaultPageSize?: number;
  /** The sizes offered next to '/ Sayfa'. @default [10, 25, 50, 100] */
  pageSizes?: readonly number[];
  /** Extra controls shown next to the search box (filters, buttons). */
  toolbar?: ReactNode;
  /** Called with the error when a page cannot be loaded (e.g. `shell.notify.failure`); the table also says so itself. */
  onError?: (error: unknown) => void;
  /** Shown instead of the kernel's 'Kayıt yok' when there are no rows. */
  emptyText?: ReactNode;
  /**
   * Row height in pixels.
   * @default 34
   */
  rowHeight?: number;
  /**
   * Values besides the rows that the cells show (e.g. which rows are selected): the grid draws
   * its cells again when one of them changes (Table2 keeps drawn cells otherwise).
   */
  cellDependencies?: readonly unknown[];
}

/** The search box waits this long after the last key before it loads. */
export const SEARCH_DELAY_MS = 300;

const HEADER_HEIGHT = 30;
const MAX_GRID_HEIGHT = 560;

function splitSort(sort: string): [string, 'asc' | 'desc'] {
  const [field = '', dir] = sort.split(',');
  return [field, dir === 'asc' ? 'asc' : 'desc'];
}

/**
 * The sort after a click on a column: ascending first, then descending, then back to the default
 * (a column that is the default's own field toggles between its two directions).
 */
export function nextSort(current: string, field: string, defaultSort: string): string {
  const [f, d] = splitSort(current);
  if (f !== field) return `${field},asc`;
  if (d === 'asc') return `${field},desc`;
  return splitSort(defaultSort)[0] === field ? `${field},asc` : defaultSort;
}

/**
 * Page numbers to show (zero-based), with null for a gap: the first, the last and two either side
 * of the current one (a gap of a single page shows that page instead).
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([0, pages - 1, page - 2, page - 1, page, page + 1, page + 2])]
    .filter((p) => p >= 0 && p < pages)
    .sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of shown) {
    const prev = out.length ? (out[out.length - 1] as number) : null;
    if (prev !== null && p - prev === 2) out.push(prev + 1);
    else if (prev !== null && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}

const cellStyle = { display: 'flex', alignItems: 'center', gap: 2 } as const;

/**
 * Table2 starts a selection on a native mousedown in its body, which re-renders the cell under
 * the pointer, so a button there never gets its click. Stopping the mousedown before it reaches
 * the table (a native listener: React's own handlers run only after the table's) keeps the
 * buttons working.
 */
function keepClicks(el: HTMLElement | null) {
  if (!el) return;
  const stop = (e: MouseEvent) => e.stopPropagation();
  el.addEventListener('mousedown', stop);
  return () => el.removeEventListener('mousedown', stop);
}

/**
 * Column widths that fill `available` pixels: the data columns grow in proportion to their
 * widths; the actions column (`actions` pixels, 0 for none) keeps its size.
 */
export function stretch(widths: readonly number[], actions: number, available: number): number[] {
  const used = widths.reduce((a, b) => a + b, 0) + actions;
  const spare = available - used - 2;
  let grown = spare > 0 && used > actions ? widths.map((w) => Math.floor(w + (spare * w) / (used - actions))) : [...widths];
  // Too wide for the grid (a small laptop, a phone): the data columns shrink in proportion, none
  // below MIN_COLUMN px; what still does not fit scrolls sideways inside the grid, not the page.
  if (available > 0 && spare < 0 && used > actions) {
    const factor = Math.max(0, available - actions - 2) / (used - actions);
    // On a phone's narrow grid the columns stay readable and the grid scrolls instead.
    const least = available < NARROW_GRID ? MIN_COLUMN_NARROW : MIN_COLUMN;
    grown = widths.map((w) => Math.floor(Math.max(Math.min(w, least), w * factor)));
  }
  return actions ? [...grown, actions] : grown;
}

/** The narrowest a data column is shrunk to ({@link stretch}); in a grid narrower than NARROW_GRID px, MIN_COLUMN_NARROW. */
export const MIN_COLUMN = 80;
export const MIN_COLUMN_NARROW = 120;
export const NARROW_GRID = 600;

function defaultRowKey(row: unknown, index: number): Key {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? id : index;
}

/**
 * A server-paged list: a Blueprint Table2 with sortable columns, row actions, an optional search
 * box and the seeds' footer ('Toplam Kayıt:' N, page buttons and the '10 / Sayfa' size choice,
 * seeds 000 §9: sizes 10/25/50/100, default 10, default sort 'id,desc').
 *
 * Table2 draws the grid but is not a table for assistive technology (and renders only the rows in
 * view), so the same page is also given as a visually hidden, semantic `<table>` with column
 * headers (`aria-sort`) and the row actions; screen readers and tests read that one.
 *
 * ```tsx
 * <PagedTable label="Kullanıcılar" columns={cols} searchable rowActions={[edit, remove]}
 *   fetchPage={(q) => api.users.list({ ...q, sort: [q.sort] })} reloadKey={version} />
 * ```
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const defaultSort = props.defaultSort ?? SORT_ID_DESC;
  const pageSizes = props.pageSizes ?? PAGE_SIZE_OPTIONS;
  const rowKey = props.rowKey ?? defaultRowKey;
  const rowHeight = props.rowHeight ?? 34;

  const [page, setPage] = useState(0);
  const [size, setSize] = useState(props.defaultPageSize ?? PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState(defaultSort);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');

  const fetchRef = useRef(props.fetchPage);
  fetchRef.current = props.fetchPage;
  const onErrorRef = useRef(props.onError);
  onErrorRef.current = props.onError;

  // The rows come from the data layer's cache (the host's QueryClient; a table on its own, in a
  // story or a unit test, keeps a private one). Without a queryKey the table is keyed by where it
  // is, its label and reloadKey (which holds its filters on most pages).
  const hostClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (hostClient ? null : createQueryClient({ retries: 0 })));
  const query: PagedTableQuery = { page, size, sort, ...(search ? { search } : {}) };
  const baseKey: QueryKey = props.queryKey ?? ['PagedTable', typeof window === 'undefined' ? '' : window.location.pathname, props.label, props.reloadKey];
  const q = useQuery(
    {
      queryKey: [...baseKey, query],
      // A fetchPage that throws instead of rejecting is a failed load too.
      queryFn: () => Promise.resolve().then(() => fetchRef.current(query)),
      placeholderData: keepPreviousData,
      // A revisited list (or page, sort, search) shows its last rows at once and always reloads
      // behind them: rows others change are never taken for fresh.
      refetchOnMount: 'always',
      staleTime: 0,
    },
    hostClient ?? ownClient ?? undefined,
  );
  const loading = q.isFetching || q.isPending;
  const e = q.isError ? (q.error as { title?: string; detail?: string; message?: string } | null) : null;
  const failed = q.isError ? (e?.detail ?? e?.title ?? e?.message ?? '') : null;
  const result: PagedResult<T> | null = q.data ?? null;

  useEffect(() => {
    if (q.error) onErrorRef.current?.(q.error);
  }, [q.error, q.errorUpdatedAt]);

  // With a queryKey, reloadKey is not part of the key: a new one reloads the current page (joining
  // a reload already under way, e.g. the one a write through the SDK started).
  const reloadSeen = useRef(props.reloadKey);
  const { refetch } = q;
  useEffect(() => {
    if (!props.queryKey || Object.is(reloadSeen.current, props.reloadKey)) return;
    reloadSeen.current = props.reloadKey;
    void refetch({ cancelRefetch: false });
  }, [props.reloadKey, props.queryKey, refetch]);

  // A page emptied by a delete (or a shrunk total): step back to the last page that has rows.
  useEffect(() => {
    const r = q.data;
    if (!r || q.isPlaceholderData) return;
    const last = Math.max(0, Math.ceil(r.total / size) - 1);
    if (r.items.length === 0 && page > last) setPage(last);
  }, [q.data, q.isPlaceholderData, page, size]);
  const [gridWidth, setGridWidth] = useState(0);
  // The columns stretch to the grid's width (Table2 keeps fixed widths otherwise). The box that
  // is always there is measured (the grid itself comes and goes with the rows): measuring the
  // grid missed its width inside a tab panel, leaving empty ghost columns beside narrow ones.
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = boxRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setGridWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The search box applies after a pause, from the first page.
  useEffect(() => {
    const term = searchText.trim();
    if (term === search) return;
    const timer = setTimeout(() => {
      setSearch(term);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const items = result?.items ?? [];
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const actions = props.rowActions ?? [];

  const sortBy = useCallback((field: string) => {
    setSort((s) => nextSort(s, field, defaultSort));
    setPage(0);
  }, [defaultSort]);

  const [sortField, sortDir] = splitSort(sort);
  const ariaSort = (c: PagedTableColumn<T>): 'ascending' | 'descending' | undefined =>
    c.sortField && c.sortField === sortField ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined;
  const sortIcon = (c: PagedTableColumn<T>): IconName =>
    c.sortField === sortField ? (sortDir === 'asc' ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical';

  const actionsTitle = t('table.actions');
  const visibleActions = (row: T) => actions.filter((a) => !a.hidden?.(row));

  const grid = (() => {
    const cols = props.columns.map((c) => (
      <Column
        key={c.key}
        id={c.key}
        name={c.title}
        columnHeaderCellRenderer={() => (
          <ColumnHeaderCell
            name={c.title}
            nameRenderer={(name) =>
              c.sortField ? (
                <span ref={keepClicks}>
                  <Button variant="minimal" size="small" text={name} endIcon={sortIcon(c)} onClick={() => sortBy(c.sortField!)} />
                </span>
              ) : (
                <span>{name}</span>
              )
            }
          />
        )}
        cellRenderer={(r) => {
          const row = items[r];
          return <Cell style={cellStyle}>{row === undefined ? null : c.render(row)}</Cell>;
        }}
      />
    ));
    if (actions.length) {
      cols.push(
        <Column
          key="__actions"
          id="__actions"
          name={actionsTitle}
          cellRenderer={(r) => {
            const row = items[r];
            if (row === undefined) return <Cell />;
            const label = props.rowLabel?.(row);
            return (
              <Cell interactive style={cellStyle}>
                <span ref={keepClicks} style={cellStyle}>
                  {visibleActions(row).map((a) => (
                    <Button
                      key={a.key}
                      variant="minimal"
                      size="small"
                      icon={a.icon}
                      text={a.icon ? undefined : a.label}
                      intent={a.intent}
                      title={a.label}
                      aria-label={label ? `${a.label}: ${label}` : a.label}
                      disabled={a.disabled?.(row)}
                      onClick={() => a.onClick(row)}
                    />
                  ))}
                </span>
              </Cell>
            );
          }}
        />,
      );
    }
    return cols;
  })();

  const widths = stretch(
    props.columns.map((c) => c.width ?? 160),
    actions.length ? Math.max(88, 16 + 32 * actions.length) : 0,
    gridWidth,
  );
  const gridHeight = Math.min(MAX_GRID_HEIGHT, HEADER_HEIGHT + rowHeight * Math.max(items.length, 1) + 2);

  let body: ReactNode;
  if (failed !== null) {
    body = (
      <Callout intent="danger" title={t('notify.error')} icon="error">
        {failed}{' '}
        <Button variant="minimal" size="small" icon="refresh" text={t('table.retry')} onClick={() => void q.refetch()} />
      </Callout>
    );
  } else if (loading && items.length === 0) {
    body = (
      <div className="tz-loading" role="status" aria-live="polite">
        <Spinner size={20} />
        <span>{t('shell.loading')}</span>
      </div>
    );
  } else if (items.length === 0) {
    body = <NonIdealState icon="th-disconnect" title={props.emptyText ?? t('table.empty')} />;
  } else {
    body = (
      <div style={{ height: gridHeight, opacity: loading ? 0.6 : 1 }} data-testid="paged-table-grid">
        <Table2
          numRows={items.length}
          columnWidths={widths}
          defaultRowHeight={rowHeight}
          enableRowHeader={false}
          enableGhostCells
          enableFocusedCell={false}
          selectionModes={SelectionModes.NONE}
          cellRendererDependencies={[items, sort, actions, ...(props.cellDependencies ?? [])]}
        >
          {grid}
        </Table2>
      </div>
    );
  }

  return (
    <div ref={boxRef} className="tz-paged-table" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {(props.searchable || props.toolbar) && (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          {props.searchable && (
            <InputGroup
              type="search"
              leftIcon="search"
              aria-label={props.searchPlaceholder ?? t('table.search')}
              placeholder={props.searchPlaceholder ?? t('table.search')}
              value={searchText}
              onValueChange={setSearchText}
              style={{ minWidth: 240 }}
            />
          )}
          {props.toolbar}
        </div>
      )}
      {body}
      {items.length > 0 && (
        // The hidden table sits in a hidden box: a table grows to its content whatever its own
        // width says, and would widen the page (sideways scrolling on a phone).
        <div style={visuallyHidden}>
        <table aria-label={props.label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={ariaSort(c)}>
                  {c.sortField ? (
                    <button type="button" tabIndex={-1} onClick={() => sortBy(c.sortField!)}>{c.title}</button>
                  ) : (
                    c.title
                  )}
                </th>
              ))}
              {actions.length > 0 && <th scope="col">{actionsTitle}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {props.columns.map((c) => <td key={c.key}>{c.render(row)}</td>)}
                {actions.length > 0 && (
                  <td>
                    {visibleActions(row).map((a) => (
                      <button key={a.key} type="button" tabIndex={-1} disabled={a.disabled?.(row)} onClick={() => a.onClick(row)}>
                        {a.label}
                      </button>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      <nav
        aria-label={`${props.label}: ${t('table.page')}`}
        style={{ display: 'flex', alignItems: 'center', gap: 12, justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        <span>
          {t('table.total')} <strong>{total}</strong>
        </span>
        {loading && items.length > 0 && <Spinner size={14} aria-hidden />}
        <ButtonGroup>
          <Button
            icon="chevron-left"
            variant="minimal"
            aria-label={t('table.previous')}
            title={t('table.previous')}
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          />
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <Button key={`gap-${i}`} variant="minimal" disabled text="…" aria-hidden tabIndex={-1} />
            ) : (
              <Button
                key={p}
                variant={p === page ? 'outlined' : 'minimal'}
                intent={p === page ? 'primary' : 'none'}
                text={String(p + 1)}
                aria-label={`${t('table.page')} ${p + 1}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => setPage(p)}
              />
            ),
          )}
          <Button
            icon="chevron-right"
            variant="minimal"
            aria-label={t('table.next')}
            title={t('table.next')}
            disabled={page >= pages - 1}
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
          />
        </ButtonGroup>
        <HTMLSelect
          aria-label={t('table.perPage')}
          value={size}
          onChange={(e) => {
            setSize(Number(e.currentTarget.value));
            setPage(0);
          }}
          options={pageSizes.map((n) => ({ value: n, label: `${n} ${t('table.perPage')}` }))}
        />
      </nav>
    </div>
  );
}
