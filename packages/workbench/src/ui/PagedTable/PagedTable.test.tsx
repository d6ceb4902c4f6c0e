import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../data/query';
import { createI18n } from '../../i18n';
import { PagedTable, nextSort, pageWindow, stretch, type PagedTableColumn, type PagedTableProps, type PagedTableQuery } from './PagedTable';
import { localPage } from './localPage';

interface Person { id: number; name: string; city: string }

const people: Person[] = Array.from({ length: 42 }, (_, i) => ({ id: i + 1, name: `Kişi ${i + 1}`, city: i % 2 ? 'Ankara' : 'İzmir' }));

const columns: PagedTableColumn<Person>[] = [
  { key: 'name', title: 'Ad', render: (p) => p.name, sortField: 'name' },
  { key: 'city', title: 'Şehir', render: (p) => p.city },
];

/** A fetchPage over the 42 people that records its queries. */
function source(rows: Person[] = people) {
  return vi.fn(async (q: PagedTableQuery) => localPage(rows, q, { matches: (p, s) => p.name.toLocaleLowerCase('tr').includes(s) }));
}

async function renderTable(props: Partial<PagedTableProps<Person>> & Pick<PagedTableProps<Person>, 'fetchPage'>) {
  const i18n = await createI18n('tr');
  const ui = (p: typeof props) => (
    <I18nextProvider i18n={i18n}>
      <PagedTable<Person> label="Kişiler" columns={columns} {...p} />
    </I18nextProvider>
  );
  const view = render(ui(props));
  return { ...view, rerenderWith: (next: typeof props) => view.rerender(ui(next)) };
}

const table = () => screen.getByRole('table', { name: 'Kişiler' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const lastQuery = (fn: ReturnType<typeof source>) => fn.mock.calls[fn.mock.calls.length - 1]![0];

describe('PagedTable', () => {
  it('loads the first page with the defaults (page 0, size 10, id,desc) and shows the total', async () => {
    const fetchPage = source();
    await renderTable({ fetchPage });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(fetchPage).toHaveBeenCalledWith({ page: 0, size: 10, sort: 'id,desc' });
    expect(bodyRows()[0]).toHaveTextContent('Kişi 42');
    const nav = screen.getByRole('navigation', { name: 'Kişiler: Sayfa' });
    expect(nav).toHaveTextContent('Toplam Kayıt: 42');
    expect(within(nav).getByRole('button', { name: 'Sayfa 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Sayfa 5' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sayfa 6' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Önceki' })).toBeDisabled();
  });

  it('moves between pages and changes the page size from the "/ Sayfa" choice', async () => {
    const fetchPage = source();
    const user = userEvent.setup();
    await renderTable({ fetchPage });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));

    await user.click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Kişi 32'));
    expect(lastQuery(fetchPage)).toMatchObject({ page: 1, size: 10 });

    await user.click(screen.getByRole('button', { name: 'Sayfa 5' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(lastQuery(fetchPage)).toMatchObject({ page: 4 });
    expect(screen.getByRole('button', { name: 'Sonraki' })).toBeDisabled();

    const sizes = screen.getByRole('combobox', { name: '/ Sayfa' });
    expect(within(sizes).getAllByRole('option').map((o) => o.textContent)).toEqual(['10 / Sayfa', '25 / Sayfa', '50 / Sayfa', '100 / Sayfa']);
    await user.selectOptions(sizes, '25');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(lastQuery(fetchPage)).toEqual({ page: 0, size: 25, sort: 'id,desc' });
    expect(screen.queryByRole('button', { name: 'Sayfa 3' })).not.toBeInTheDocument();
  });

  it('sorts by a column: ascending, descending, then back to the default', async () => {
    const fetchPage = source();
    const user = userEvent.setup();
    await renderTable({ fetchPage });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const header = () => within(table()).getByRole('columnheader', { name: 'Ad' });
    expect(header()).not.toHaveAttribute('aria-sort');
    expect(within(table()).getByRole('columnheader', { name: 'Şehir' })).not.toContainElement(screen.queryByRole('button', { name: 'Şehir' }));

    await user.click(within(header()).getByRole('button', { name: 'Ad' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    expect(lastQuery(fetchPage)).toEqual({ page: 0, size: 10, sort: 'name,asc' });

    await user.click(within(header()).getByRole('button', { name: 'Ad' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    expect(lastQuery(fetchPage).sort).toBe('name,desc');

    await user.click(within(header()).getByRole('button', { name: 'Ad' }));
    await waitFor(() => expect(lastQuery(fetchPage).sort).toBe('id,desc'));
    expect(header()).not.toHaveAttribute('aria-sort');
  });

  it('searches from the first page after a pause', async () => {
    const fetchPage = source();
    const user = userEvent.setup();
    await renderTable({ fetchPage, searchable: true });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(lastQuery(fetchPage).page).toBe(1));

    await user.type(screen.getByRole('searchbox', { name: 'Ara' }), 'kişi 4');
    await waitFor(() => expect(lastQuery(fetchPage)).toEqual({ page: 0, size: 10, sort: 'id,desc', search: 'kişi 4' }));
    // One load for the whole word, not one per key.
    expect(fetchPage.mock.calls.filter(([q]) => q.search !== undefined)).toHaveLength(1);
    await waitFor(() => expect(bodyRows().map((r) => (r as HTMLTableRowElement).cells[0]!.textContent)).toEqual(['Kişi 42', 'Kişi 41', 'Kişi 40', 'Kişi 4']));
    expect(screen.getByRole('navigation')).toHaveTextContent('Toplam Kayıt: 4');
  });

  it('runs row actions on their row and leaves hidden ones out', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const user = userEvent.setup();
    await renderTable({
      fetchPage: source(people.slice(0, 3)),
      rowActions: [
        { key: 'edit', label: 'Düzenle', icon: 'edit', onClick: onEdit },
        { key: 'delete', label: 'Sil', icon: 'trash', onClick: onDelete, hidden: (p) => p.id === 2 },
      ],
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const row2 = within(table()).getByRole('row', { name: /Kişi 2/ });
    expect(within(row2).queryByRole('button', { name: 'Sil' })).not.toBeInTheDocument();
    await user.click(within(within(table()).getByRole('row', { name: /Kişi 3/ })).getByRole('button', { name: 'Sil' }));
    expect(onDelete).toHaveBeenCalledWith(people[2]);
    await user.click(within(row2).getByRole('button', { name: 'Düzenle' }));
    expect(onEdit).toHaveBeenCalledWith(people[1]);
  });

  it('shows the empty state, and an error (passed to onError) with a retry', async () => {
    await renderTable({ fetchPage: async () => ({ items: [], total: 0 }) });
    expect(await screen.findByText('Kayıt yok')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveTextContent('Toplam Kayıt: 0');
  });

  it('reports a failed load and loads again on retry', async () => {
    const onError = vi.fn();
    const failure = Object.assign(new Error('x'), { _tag: 'Forbidden', title: 'Yetki Hatası', detail: 'Bu işlem için yetkiniz yok.' });
    const fetchPage = vi.fn<PagedTableProps<Person>['fetchPage']>().mockRejectedValueOnce(failure).mockResolvedValue({ items: people.slice(0, 1), total: 1 });
    const user = userEvent.setup();
    await renderTable({ fetchPage, onError });
    expect(await screen.findByText(/Bu işlem için yetkiniz yok/)).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(failure);
    await user.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });

  it('loads the page again when reloadKey changes, and steps back from a page a delete emptied', async () => {
    let rows = people.slice(0, 11);
    const fetchPage = vi.fn(async (q: PagedTableQuery) => localPage(rows, q));
    const user = userEvent.setup();
    const view = await renderTable({ fetchPage, reloadKey: 1 });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));

    rows = people.slice(0, 10);
    view.rerenderWith({ fetchPage, reloadKey: 2 });
    await waitFor(() => expect(lastQuery(fetchPage).page).toBe(0));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Sayfa 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Sayfa 2' })).not.toBeInTheDocument();
  });

  it('draws the grid with Blueprint Table2, whose row buttons and sort buttons work', async () => {
    const onEdit = vi.fn();
    const fetchPage = source(people.slice(0, 2));
    const user = userEvent.setup();
    await renderTable({ fetchPage, rowLabel: (p) => p.name, rowActions: [{ key: 'edit', label: 'Düzenle', icon: 'edit', onClick: onEdit }] });
    const grid = await screen.findByTestId('paged-table-grid');
    expect(grid.querySelector('.bp6-table-container')).not.toBeNull();
    expect(within(grid).getAllByText('Kişi 1').length).toBeGreaterThan(0);
    await user.click(within(grid).getAllByRole('button', { name: 'Düzenle: Kişi 2' })[0]!);
    expect(onEdit).toHaveBeenCalledWith(people[1]);
    await user.click(within(grid).getAllByRole('button', { name: 'Ad' })[0]!);
    await waitFor(() => expect(lastQuery(fetchPage).sort).toBe('name,asc'));
  });
});

describe('paging helpers', () => {
  it('nextSort cycles asc → desc → default', () => {
    expect(nextSort('id,desc', 'name', 'id,desc')).toBe('name,asc');
    expect(nextSort('name,asc', 'name', 'id,desc')).toBe('name,desc');
    expect(nextSort('name,desc', 'name', 'id,desc')).toBe('id,desc');
    expect(nextSort('id,desc', 'id', 'id,desc')).toBe('id,asc');
    expect(nextSort('id,asc', 'id', 'id,desc')).toBe('id,desc');
  });

  it('pageWindow keeps the ends and two pages either side', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(9, 20)).toEqual([0, null, 7, 8, 9, 10, 11, null, 19]);
    expect(pageWindow(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pageWindow(0, 8)).toEqual([0, 1, 2, null, 7]);
  });

  it('localPage filters, sorts in Turkish order and slices', () => {
    const rows = [{ id: 1, n: 'Çiğdem' }, { id: 2, n: 'Ceren' }, { id: 3, n: 'Derya' }, { id: 4, n: 'İpek' }, { id: 5, n: 'Irmak' }];
    expect(localPage(rows, { page: 0, size: 10, sort: 'n,asc' }).items.map((r) => r.n)).toEqual(['Ceren', 'Çiğdem', 'Derya', 'Irmak', 'İpek']);
    expect(localPage(rows, { page: 1, size: 2, sort: 'id,desc' })).toEqual({ items: [rows[2], rows[1]], total: 5 });
    expect(localPage(rows, { page: 0, size: 10, sort: 'id,asc', search: 'er' }, { matches: (r, s) => r.n.toLowerCase().includes(s) }))
      .toEqual({ items: [rows[1], rows[2]], total: 2 });
  });
});

describe('stretch', () => {
  it('grows the data columns to fill the width and keeps the actions column', () => {
    expect(stretch([100, 300], 48, 0)).toEqual([100, 300, 48]);
    expect(stretch([100, 300], 0, 802)).toEqual([200, 600]);
    expect(stretch([100, 300], 48, 850)).toEqual([200, 600, 48]);
    // Too wide: the data columns shrink in proportion (none below 80 px), so a list fits a 1024 px screen.
    expect(stretch([100, 300], 48, 300)).toEqual([100, 187, 48]);
    expect(stretch([300, 300], 48, 600)).toEqual([275, 275, 48]);
    const fitted = stretch([220, 130, 130, 160, 220, 120], 96, 795);
    expect(fitted).toEqual([156, 92, 92, 113, 156, 85, 96]);
    expect(fitted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(795);
    expect(stretch([200, 200], 0, 700)).toEqual([349, 349]);
    // A phone's grid: no column below 120 px, the grid scrolls sideways.
    expect(stretch([220, 130, 130], 0, 359)).toEqual([163, 120, 120]);
    expect(stretch([200, 200], 0, 100)).toEqual([120, 120]);
  });
});

describe('PagedTable in the data layer', () => {
  it('shows a revisited list\'s last rows at once and reloads them behind', async () => {
    const i18n = await createI18n('tr');
    const client = createQueryClient({ retries: 0 });
    const ui = (fetchPage: PagedTableProps<Person>['fetchPage']) => (
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <PagedTable<Person> label="Kişiler" columns={columns} fetchPage={fetchPage} queryKey={['GET', '/api/people']} />
        </I18nextProvider>
      </QueryClientProvider>
    );
    const first = render(ui(source()));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    first.unmount();

    // The second visit's load never answers: what it shows comes from the cache.
    const pending = vi.fn(() => new Promise<never>(() => {}));
    render(ui(pending));
    expect(bodyRows()).toHaveLength(10);
    expect(within(table()).getByText('Kişi 42')).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
  });
});
