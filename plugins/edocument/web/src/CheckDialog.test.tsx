import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContributionProps } from '@tezgah/core';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json, problem } from '../../../../packages/workbench/test/fake-server';
import plugin from './index';
import { CheckDialog } from './CheckDialog';
import { actionsOf, cleanOptions, editNeedsConfirm, groupProblems, lateEArchiveCancel, POLL_MS, stepOf, typesFor, withProfile } from './steps';
import { API, doc, harness, server } from './testing';
import type { EDocument } from './api';

const bodies = (s: ReturnType<typeof server>, method: string, path: string) => s.requests.filter((r) => r.method === method && r.path.split('?')[0] === path).map((r) => r.body);

function dialogPage(start: EDocument | null, onEdit = vi.fn(), onChange = vi.fn()) {
  return harness(({ host }: ContributionProps) => (
    <CheckDialog host={host} source="invoice" sourceId={7} label="DMT2026000000007" document={start} onChange={onChange} onEdit={onEdit} onClose={() => {}} />
  ));
}

describe('the check dialog\'s logic', () => {
  it('puts each status on its step and offers its actions', () => {
    expect([stepOf(null), stepOf({ status: 'CONTROL' }), stepOf({ status: 'PREVIEW' }), stepOf({ status: 'SENDING' }), stepOf({ status: 'UNKNOWN' })]).toEqual([0, 0, 1, 2, 2]);
    expect(actionsOf(null, 'invoice')).toEqual(['check']);
    expect(actionsOf({ status: 'CONTROL', problems: [{ source: 'RULE', message: 'x' }] }, 'invoice')).toEqual(['check', 'edit']);
    expect(actionsOf({ status: 'CONTROL', problems: [] }, 'invoice')).toEqual(['approve', 'check', 'edit']);
    expect(actionsOf({ status: 'PREVIEW', problems: [] }, 'invoice')).toEqual(['send', 'edit']);
    expect(actionsOf({ status: 'FAILURE', problems: [] }, 'invoice')).toContain('resend');
    expect(actionsOf({ status: 'UNKNOWN', problems: [] }, 'invoice')).toContain('resend');
    expect(actionsOf({ status: 'SUCCESS', problems: [] }, 'invoice')).toEqual(['cancel']);
    // A sent e-İrsaliye cannot be withdrawn.
    expect(actionsOf({ status: 'SUCCESS', problems: [] }, 'despatch')).toEqual([]);
    expect([editNeedsConfirm({ status: 'CONTROL' }), editNeedsConfirm({ status: 'PREVIEW' }), editNeedsConfirm(null)]).toEqual([true, true, false]);
  });

  it('groups the problems by where they are fixed and pairs scenarios with invoice types', () => {
    const groups = groupProblems([
      { source: 'RULE', message: 'Vergi dairesi', field: 'customer.taxOffice' },
      { source: 'RULE', message: 'Şehir', field: 'company.city' },
      { source: 'RULE', message: 'Etiket', field: 'receiverTag' },
      { source: 'SCHEMATRON', message: 'Kural', field: null },
      { source: 'RULE', message: 'İlçe', field: 'customer.district' },
    ]);
    expect(groups.map(([g, l]) => [g, l.length])).toEqual([['customer', 2], ['company', 1], ['receiverTag', 1], ['document', 1]]);
    expect(typesFor('IHRACAT')).toEqual(['ISTISNA']);
    expect(typesFor('TICARIFATURA')).not.toContain('IADE');
    // A scenario that does not allow the chosen type takes its first.
    expect(withProfile({ profile: 'TEMELFATURA', invoiceTypeCode: 'IADE' }, 'TICARIFATURA').invoiceTypeCode).toBe('SATIS');
    expect(withProfile({ profile: 'TEMELFATURA', invoiceTypeCode: 'TEVKIFAT' }, 'TICARIFATURA').invoiceTypeCode).toBe('TEVKIFAT');
    expect(cleanOptions({ receiverTag: ' urn:mail:pk@x ', email: '', prefix: null })).toEqual({ receiverTag: 'urn:mail:pk@x' });
    const now = new Date('2026-06-20T10:00:00Z');
    expect(lateEArchiveCancel({ type: 'EARCHIVE', issueDate: '2026-06-12', createdDate: '' }, now)).toBe(true);
    expect(lateEArchiveCancel({ type: 'EARCHIVE', issueDate: '2026-06-13', createdDate: '' }, now)).toBe(false);
    expect(lateEArchiveCancel({ type: 'EINVOICE', issueDate: '2026-01-01', createdDate: '' }, now)).toBe(false);
  });
});

describe('the check dialog', () => {
  it('checks, lists the problems by where to fix them, checks again with a receiver tag, approves, previews without scripts, sends and follows SENDING to SUCCESS', async () => {
    const s = server();
    const problems = [
      { source: 'RULE' as const, message: 'Müşterinin vergi dairesi boş.', field: 'customer.taxOffice' },
      { source: 'RULE' as const, message: 'Firmanın şehri boş.', field: 'company.city' },
      { source: 'RULE' as const, message: 'Alıcı etiketi seçilmedi.', field: 'receiverTag' },
    ];
    let checks = 0;
    s.on(`POST ${API}/e-invoice/update/{id}`, async (req) => {
      const b = await req.json() as { action: string; options?: { receiverTag?: string } };
      if (b.action === 'CHECK') {
        checks += 1;
        return json(doc(b.options?.receiverTag ? { receiverTag: b.options.receiverTag, prefix: 'DMT' } : { problems }));
      }
      if (b.action === 'APPROVE') return json(doc({ status: 'PREVIEW', step: 1, receiverTag: 'urn:mail:pk@ayse.com.tr', prefix: 'DMT' }));
      return problem(400, 'Beklenmeyen');
    });
    s.on(`GET ${API}/e-invoice/customer-pk-list`, () => json([{ identifier: '1234567890', alias: 'urn:mail:pk@ayse.com.tr', title: 'Ayşe Yılmaz Ltd.', unit: 'PK' }]));
    s.on(`GET ${API}/e-invoice/prefix-list`, () => json([{ id: 1, prefix: 'DMT', kind: 'EINVOICE', isDefault: true, active: true, used: false }]));
    s.on(`GET ${API}/invoices/{id}`, () => json({ id: 7, currentId: 31 }));
    s.on(`GET ${API}/e-documents/{id}/html`, () => new Response('<html><body><h1>e-Fatura DMT2026000000007</h1><script>parent.x=1</script></body></html>', { headers: { 'content-type': 'text/html' } }));
    s.on(`POST ${API}/e-invoice/send/{id}`, () => json(doc({ status: 'SENDING', step: 2, documentNo: 'DMT2026000000007', receiverTag: 'urn:mail:pk@ayse.com.tr' })));
    let polls = 0;
    s.on(`GET ${API}/e-documents/{id}`, () => {
      polls += 1;
      return json(doc(polls < 2 ? { status: 'SENDING', step: 2, documentNo: 'DMT2026000000007' } : { status: 'SUCCESS', step: 2, documentNo: 'DMT2026000000007', statusReason: 'Fatura alıcıya ulaştı.' }));
    });
    const onChange = vi.fn();
    await renderWorkbench({ plugins: [plugin, dialogPage(null, vi.fn(), onChange)], path: '/t', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · DMT2026000000007' });
    const user = userEvent.setup();
    expect(within(dialog).getByText('1. Kontrol')).toHaveAttribute('aria-current', 'step');
    expect(within(dialog).queryByRole('button', { name: 'Onayla' })).toBeNull();

    // Step 0: CHECK through e-invoice; the problems by where to fix them.
    await user.click(within(dialog).getByRole('button', { name: 'Kontrol et' }));
    const customer = await within(dialog).findByRole('region', { name: 'Müşteri bilgileri' });
    expect(customer).toHaveTextContent('Müşterinin vergi dairesi boş.');
    await waitFor(() => expect(within(customer).getByRole('link', { name: 'Müşteri kartını aç' })).toHaveAttribute('href', '/customer/31'));
    const company = within(dialog).getByRole('region', { name: 'Firma bilgileri' });
    expect(company).toHaveTextContent('Lütfen firma ayarları sayfasında eksik bilgileri tamamlayın');
    expect(within(company).getByRole('link', { name: 'Firma ayarlarına git' })).toHaveAttribute('href', '/company-settings');
    expect(within(dialog).getByRole('region', { name: 'Alıcı etiketi (posta kutusu)' })).toHaveTextContent('Alıcı etiketi seçilmedi.');
    expect(within(dialog).queryByRole('button', { name: 'Onayla' })).toBeNull();
    // The receiver tag from the buyer's GİB mailboxes (asked with its VKN), the series from the list.
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'urn:mail:pk@ayse.com.tr' })).toBeInTheDocument());
    expect(s.requests.some((r) => r.path === `${API}/e-invoice/customer-pk-list?identifier=1234567890`)).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Alıcı etiketi'), 'urn:mail:pk@ayse.com.tr');
    await user.selectOptions(within(dialog).getByLabelText('Senaryo'), 'IHRACAT');
    expect([...(within(dialog).getByLabelText('Fatura tipi') as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['ISTISNA']);
    await user.selectOptions(within(dialog).getByLabelText('Senaryo'), 'TEMELFATURA');
    await user.selectOptions(within(dialog).getByLabelText('Fatura tipi'), 'SATIS');
    await user.click(within(dialog).getByRole('button', { name: 'Kontrol et' }));
    await within(dialog).findByText('Belge kontrolden geçti. Onaylayıp önizlemeye geçebilirsiniz.');
    expect(checks).toBe(2);
    expect(bodies(s, 'POST', `${API}/e-invoice/update/7`)[1]).toEqual({ action: 'CHECK', options: { profile: 'TEMELFATURA', invoiceTypeCode: 'SATIS', receiverTag: 'urn:mail:pk@ayse.com.tr' } });

    // Step 1: APPROVE, then GİB's display in a frame that runs no script.
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    const frame = await within(dialog).findByTitle('Belgenin GİB görünümü');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('e-Fatura DMT2026000000007');
    expect(within(dialog).getByText('2. Önizleme')).toHaveAttribute('aria-current', 'step');

    // Step 2: send; SENDING is asked again every 2 s until SUCCESS. The dialog's timers run on a
    // fake clock the test moves (which also moves with real time, for the waits of the page).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'GİB\'e gönder' }));
      await within(dialog).findByText('Entegratörün yanıtı bekleniyor; durum 2 saniyede bir yenilenir.');
      expect(within(dialog).getByText('Gönderiliyor')).toBeInTheDocument();
      expect(within(dialog).getByText('3. Durum')).toHaveAttribute('aria-current', 'step');
      await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
      await waitFor(() => expect(polls).toBeGreaterThanOrEqual(1));
      await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
      await within(dialog).findByText('Fatura alıcıya ulaştı.', undefined, { timeout: 10_000 });
      expect(within(dialog).getByText('Başarılı')).toBeInTheDocument();
      expect(polls).toBe(2);
      expect(onChange.mock.calls.at(-1)![0].status).toBe('SUCCESS');
      // SUCCESS is not asked again: the clock passes three more polls' times.
      await act(() => vi.advanceTimersByTimeAsync(3 * POLL_MS));
      expect(polls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it('cancels a late e-Arşiv invoice only after the law\'s warning and "Emin misiniz?", with confirmLate', async () => {
    const s = server();
    s.on(`POST ${API}/e-archive/cancel/{id}`, () => json(doc({ type: 'EARCHIVE', status: 'CANCEL', step: 2, statusReason: 'İptal edildi.' })));
    const start = doc({ type: 'EARCHIVE', status: 'SUCCESS', step: 2, issueDate: '2026-01-02', documentNo: 'EAR2026000000001' });
    await renderWorkbench({ plugins: [plugin, dialogPage(start)], path: '/t', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · EAR2026000000001' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'İptal et' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    expect(alert).toHaveTextContent('7 gün geçtikten sonra iptal edilmesi mevzuat gereği önerilmez');
    await user.click(within(alert).getByRole('button', { name: 'Evet' }));
    await within(dialog).findByText('İptal edildi.');
    expect(bodies(s, 'POST', `${API}/e-archive/cancel/7`)).toEqual([{ confirmLate: true }]);
  });

  it('shows the server\'s word when an e-Fatura is cancelled (answered by a return invoice)', async () => {
    const s = server();
    s.on(`POST ${API}/e-invoice/cancel/{id}`, () => problem(409, 'İptal edilemez', { code: 'EINVOICE_CANCEL_BY_RETURN', detail: 'e-Fatura iptal edilemez; iade faturası düzenleyin.' }));
    const start = doc({ status: 'SUCCESS', step: 2, documentNo: 'DMT2026000000007' });
    const { toasts } = await renderWorkbench({ plugins: [plugin, dialogPage(start)], path: '/t', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · DMT2026000000007' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'İptal et' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('e-Fatura iptal edilemez; iade faturası düzenleyin.'));
    expect(bodies(s, 'POST', `${API}/e-invoice/cancel/7`)).toEqual([{}]);
    expect(within(dialog).getByText('Başarılı')).toBeInTheDocument();
  });

  it('asks before a checked document goes back to edit, then opens the invoice\'s edit screen; resends a failed one', async () => {
    const s = server();
    s.on(`POST ${API}/e-invoice/update/{id}`, async (req) => {
      const b = await req.json() as { action: string };
      return b.action === 'EDIT' ? json(null) : json(doc({ status: 'SENDING', step: 2 }));
    });
    s.on(`GET ${API}/e-documents/{id}/html`, () => new Response('<p>x</p>', { headers: { 'content-type': 'text/html' } }));
    const onEdit = vi.fn();
    await renderWorkbench({ plugins: [plugin, dialogPage(doc({ status: 'PREVIEW', step: 1 }), onEdit)], path: '/t', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · DMT2026000000007' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Düzenlemeye geri al' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Kontrol edilmiş belge düzenlemeye geri alınacak');
    await user.click(within(alert).getByRole('button', { name: 'Hayır' }));
    expect(bodies(s, 'POST', `${API}/e-invoice/update/7`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Düzenlemeye geri al' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    expect(bodies(s, 'POST', `${API}/e-invoice/update/7`)).toEqual([{ action: 'EDIT' }]);
  });

  it('resends a FAILURE document with the same number', async () => {
    const s = server();
    s.on(`POST ${API}/e-invoice/update/{id}`, () => json(doc({ status: 'SUCCESS', step: 2, documentNo: 'DMT2026000000007' })));
    await renderWorkbench({ plugins: [plugin, dialogPage(doc({ status: 'FAILURE', step: 2, documentNo: 'DMT2026000000007', statusReason: 'Entegratöre ulaşılamadı; yeniden gönderin.' }))], path: '/t', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · DMT2026000000007' });
    expect(within(dialog).getByText('Entegratöre ulaşılamadı; yeniden gönderin.')).toBeInTheDocument();
    expect(within(dialog).getByText('Hatalı')).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Yeniden gönder' }));
    await within(dialog).findByText('Başarılı');
    expect(bodies(s, 'POST', `${API}/e-invoice/update/7`)).toEqual([{ action: 'RESEND' }]);
  });
});
