import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, Module, type WebPlugin } from '@tezgah/core';
import type { CompanyCreate } from '@tezgah/sdk';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { createI18n } from '../../i18n';
import { MANAGEMENT_MODULES } from '../authority';
import { CompanyForm } from './CompanyForm';
import { COMPANY_MODULES, companyBody, companyDraft, validateCompany } from './companyForm';

const SECTORS = [
  { id: 1, key: 'ECZ', name: 'Eczane' },
  { id: 2, key: 'GEN', name: 'Genel' },
];

/** A plugin with no texts of its own: the form must bring everything it shows (the kernel's `company.*`). */
function formPlugin(onSubmit: (body: CompanyCreate) => Promise<void>): WebPlugin {
  return defineWebPlugin({
    id: 'company-form-test',
    title: 'Form',
    routes: [{ path: '/form', module: Module.COMPANY }],
    load: {
      routes: {
        '/form': async () => ({
          default: () => <CompanyForm label="Şirket" company={null} sectors={SECTORS} editableModules askOwner onSubmit={onSubmit} />,
        }),
      },
    },
  });
}

describe('the company form model', () => {
  it('offers the business modules only, ascending', () => {
    expect(COMPANY_MODULES.length).toBeGreaterThan(0);
    expect(COMPANY_MODULES.some((m) => MANAGEMENT_MODULES.includes(m))).toBe(false);
    expect([...COMPANY_MODULES].sort((a, b) => a - b)).toEqual(COMPANY_MODULES);
  });

  it('validates with the kernel texts, in Turkish and in English', async () => {
    const draft = { ...companyDraft(null), email: 'x@', phone: 'abc', mersisNo: '12', invoicePrefix: 'abc', userCount: '-1', itsUsername: 'x'.repeat(101) };
    const tr = validateCompany(draft, { owner: true }, (await createI18n('tr')).t);
    expect(tr).toMatchObject({
      name: 'Bu alan zorunludur',
      ownerLogin: 'Bu alan zorunludur',
      email: 'Hatalı e-posta biçimi',
      phone: 'Telefon yalnızca rakam, boşluk ve ( ) + - içerebilir (en fazla 20 karakter).',
      mersisNo: 'Mersis numarası 16 rakamdan oluşmalı.',
      invoicePrefix: 'Fatura ön eki tam 7 karakter olmalı (büyük harf ve rakam).',
      userCount: '0 ile 100000 arasında bir tam sayı girin.',
      itsUsername: 'En fazla 100 karakter girilebilir.',
      modules: 'En az bir modül seçin.',
    });
    const en = validateCompany(draft, { owner: true }, (await createI18n('en')).t);
    expect(en).toMatchObject({ name: 'This field is required', itsUsername: 'At most 100 characters.', modules: 'Choose at least one module.' });
  });

  it('makes the request body: trimmed, blanks as null, the owner only when asked for', () => {
    const draft = { ...companyDraft(null, { ownerLogin: ' sahip ' }), name: ' Ad ', sectorId: '2', modules: [6, 2] };
    expect(companyBody(draft, { owner: true })).toMatchObject({ name: 'Ad', taxOffice: null, sectorId: 2, modules: [2, 6], ownerLogin: 'sahip' });
    expect(companyBody(draft)).not.toHaveProperty('ownerLogin');
  });
});

describe('CompanyForm', () => {
  it('stands on its own in any plugin: labels, rules and modules from the kernel', async () => {
    const onSubmit = vi.fn(async (_body: CompanyCreate) => undefined);
    const s = fakeServer();
    s.setAccount(account({ codes: ['21_1'] }));
    await renderWorkbench({ plugins: [formPlugin(onSubmit)], path: '/form', server: s, signedIn: true });
    const f = within(await screen.findByRole('form', { name: 'Şirket' }));
    const u = userEvent.setup();
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveFocus();
    expect(f.getByRole('group', { name: 'Modüller' })).toHaveAccessibleDescription('En az bir modül seçin.');
    expect(f.getByRole('combobox', { name: /^ERP türü/ })).toHaveDisplayValue('Seçiniz');
    expect(f.queryByRole('checkbox', { name: 'Yönetim' })).not.toBeInTheDocument();

    await u.type(f.getByRole('textbox', { name: /^Şirket adı/ }), 'Yeni');
    await u.type(f.getByRole('textbox', { name: /^Ünvan/ }), 'Yeni Ltd.');
    await u.type(f.getByRole('textbox', { name: /^Vergi kimlik no \(VKN\)/ }), '0123456789');
    await u.selectOptions(f.getByRole('combobox', { name: /^Sektör/ }), '2');
    await u.selectOptions(f.getByRole('combobox', { name: /^ERP türü/ }), 'STANDARD');
    await u.type(f.getByRole('textbox', { name: /^Şirket sahibi/ }), 'sahip');
    await u.click(f.getByRole('checkbox', { name: 'Kasa' }));
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Yeni', title: 'Yeni Ltd.', companyType: 'CORPORATION', sectorId: 2, erpType: 'STANDARD', modules: [2], ownerLogin: 'sahip' });
  });
});
