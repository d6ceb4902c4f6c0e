import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import full from '../index';
import { requestsTo } from '../finance/testing';
import { API, periodicPlugin, periodicServer } from './testing';
import { newProcessBody } from './model';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

describe('the periodic-process screens\' declarations', () => {
  it('put "Periyodik İşlemler" under Alış / Satış for any of the four periodic authorities only', () => {
    expect(validateWebPlugin(periodicPlugin)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const routes = (codes: string[]) => (visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'commercial-category')?.children ?? []).map((c) => c.route);
    expect(routes(['6_27'])).toContain('/periodic-processes');
    expect(routes(['5_29'])).toContain('/periodic-processes');
    expect(routes(['11_1'])).not.toContain('/periodic-processes');
  });

  it('reads the dialog\'s fields into the body the server takes, refusing a wrong day or count', () => {
    const base = { processType: 'PERIODIC' as const, periodType: 'MONTHLY' as const, day: '1', count: '12', startDate: '2026-12-01', account: '', name: '' };
    expect(newProcessBody(5, base)).toEqual({ body: { processType: 'PERIODIC', invoiceId: 5, startDate: '2026-12-01', period: { type: 'MONTHLY', day: 1, count: 12 } } });
    expect(newProcessBody(5, { ...base, periodType: 'WEEKLY', day: '8' })).toEqual({ error: 'weekday', field: 'day' });
    expect(newProcessBody(5, { ...base, day: '32' })).toEqual({ error: 'monthDay', field: 'day' });
    expect(newProcessBody(5, { ...base, count: '0' })).toEqual({ error: 'count', field: 'count' });
    expect(newProcessBody(5, { ...base, processType: 'INSTALMENT', account: 'BANK_ACCOUNT:3', name: ' Taksitler ' }))
      .toEqual({ body: { processType: 'INSTALMENT', invoiceId: 5, name: 'Taksitler', account: { kind: 'BANK_ACCOUNT', id: 3 } } });
    expect(newProcessBody(5, { ...base, processType: 'INSTALMENT' })).toEqual({ error: 'account', field: 'account' });
  });
});

describe('the periodic-process pages', () => {
  it('list the processes with their plan and progress', async () => {
    const s = periodicServer();
    await renderWorkbench({ plugins: [periodicPlugin], path: '/periodic-processes', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Periyodik İşlemler' }, { timeout: 5000 });
    const row = within(table).getByRole('link', { name: 'Aylık destek' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Aylık destek' })).toHaveAttribute('href', '/periodic-processes/7');
    for (const text of ['Periyodik satış faturası', 'Ayşe Yılmaz', 'DMT2026000000005', 'Her ayın 1. günü, 3 dönem', 'Devam ediyor', '1 / 3']) expect(row).toHaveTextContent(text);
  });

  it('show each period\'s status, retry a failed one and terminate the process', async () => {
    const s = periodicServer();
    await renderWorkbench({ plugins: [periodicPlugin], path: '/periodic-processes/7', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Dönemler' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Başarılı', 'Başarısız', 'Bekliyor']);
    expect(within(rows[0]!).getByRole('link', { name: 'Fatura DMT2026000000021' })).toHaveAttribute('href', '/invoice/21');
    expect(rows[1]).toHaveTextContent('Tanımlı mali yıl bulunamadı');
    expect(within(rows[1]!).getByText('Başarısız').closest('.bp6-tag')).toHaveClass('bp6-intent-danger');
    // Only the failed period can be retried.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Yeniden dene (2)' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/periodic-process-lines/reProcess`).map((r) => r.body)).toEqual([{ id: 72 }]));
    await user.click(screen.getByRole('button', { name: 'Sonlandır' }));
    await user.click(await screen.findByRole('button', { name: /Evet|Tamam|Onayla|Sil/ }, { timeout: 5000 }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/periodic-processes/7/terminate`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('Sonlandırıldı')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sonlandır' })).toBeNull();
  });

  it('show no actions to a user who may only see another direction', async () => {
    const s = periodicServer(['5_29', '11_1']);
    await renderWorkbench({ plugins: [periodicPlugin], path: '/periodic-processes/7', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Dönemler' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Sonlandır' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Yeniden dene/ })).toBeNull();
  });

  it('make a recurring invoice from a posted invoice\'s page', async () => {
    const s = periodicServer();
    await renderWorkbench({ plugins: [periodicPlugin], path: '/invoice/5', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Periyodik işlem' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Periyodik işlem oluştur' });
    await user.click(within(form).getByLabelText('Periyodik satış faturası'));
    await user.selectOptions(within(form).getByLabelText(/Tekrar/), 'WEEKLY');
    const day = within(form).getByLabelText(/Haftanın günü/);
    await user.clear(day);
    await user.type(day, '9');
    await user.click(within(form).getByRole('button', { name: 'Oluştur' }));
    expect(await within(form).findByText('Haftanın günü 1 ile 7 arasında olmalı.')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '3');
    const count = within(form).getByLabelText(/Dönem sayısı/);
    await user.clear(count);
    await user.type(count, '4');
    await user.click(within(form).getByRole('button', { name: 'Oluştur' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/periodic-processes`)).toHaveLength(1));
    expect(requestsTo(s, 'PUT', `${API}/periodic-processes`)[0]!.body).toMatchObject({ processType: 'PERIODIC', invoiceId: 5, period: { type: 'WEEKLY', day: 3, count: 4 } });
  });
});
