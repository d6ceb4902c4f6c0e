import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n';
import { useConfirm } from '../confirm/useConfirm';
import { conflictDetail, reportFailure } from '../failure';
import { Field } from './Field';
import { fieldErrorsFor, isValid, serverFieldErrors } from './fieldErrors';

describe('serverFieldErrors', () => {
  it('reads a ValidationFailed and a Conflict, dropping array positions and keeping the last part too', () => {
    expect(serverFieldErrors({ _tag: 'ValidationFailed', fieldErrors: [{ field: 'roleIds.0', message: 'm1' }, { field: 'user.login', message: 'm2' }] }))
      .toEqual({ roleIds: 'm1', 'user.login': 'm2', login: 'm2' });
    expect(serverFieldErrors({ _tag: 'Conflict', problem: { fieldErrors: [{ field: 'login', message: 'taken', code: 'LOGIN_TAKEN' }] } }))
      .toEqual({ login: 'taken' });
    expect(serverFieldErrors({ fieldErrors: [{ field: 'email', message: 'first' }, { field: 'email', message: 'second' }] })).toEqual({ email: 'first' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });

  it('fieldErrorsFor keeps the form’s fields and hands other failures on', () => {
    const otherwise = vi.fn();
    const err = { fieldErrors: [{ field: 'email', message: 'bad' }, { field: 'unknown', message: 'x' }] };
    expect(fieldErrorsFor(err, ['email', 'name'], otherwise)).toEqual({ email: 'bad' });
    expect(otherwise).not.toHaveBeenCalled();
    const forbidden = { _tag: 'Forbidden', status: 403 };
    expect(fieldErrorsFor(forbidden, ['email'], otherwise)).toEqual({});
    expect(otherwise).toHaveBeenCalledWith(forbidden);
    expect(isValid({ a: undefined, b: '' })).toBe(true);
    expect(isValid({ a: 'x' })).toBe(false);
  });

  it('reportFailure says why a change was refused, else leaves it to the catalogue', () => {
    const notify = { error: vi.fn(), failure: vi.fn() };
    reportFailure(notify, { _tag: 'Conflict', status: 409, title: 'Çakışma', detail: 'Bu rol kullanıcılara atanmış.' }, 'HATALI');
    expect(notify.error).toHaveBeenCalledWith('HATALI', 'Bu rol kullanıcılara atanmış.');
    reportFailure(notify, { _tag: 'ServerError', status: 500, title: 'Internal Server Error' }, 'HATALI');
    expect(notify.failure).toHaveBeenCalledTimes(1);
    expect(conflictDetail({ _tag: 'Conflict', detail: '  ' })).toBeUndefined();
  });
});

describe('Field', () => {
  it('labels the control, marks it required and describes it with the hint, then the error', async () => {
    function Form() {
      const [error, setError] = useState<string | undefined>();
      return (
        <>
          <Field id="f-prefix" label="Fatura ön eki" required hint="Tam 7 karakter" error={error}>
            <InputGroup id="f-prefix" />
          </Field>
          <button type="button" onClick={() => setError('Geçersiz')}>check</button>
        </>
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: 'Fatura ön eki' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Tam 7 karakter');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.setup().click(screen.getByRole('button', { name: 'check' }));
    expect(input).toHaveAccessibleDescription('Geçersiz');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('useConfirm', () => {
  it("asks 'Emin misiniz?' and resolves with the answer", async () => {
    const i18n = await createI18n('tr');
    const answers: boolean[] = [];
    function Page() {
      const { confirm, dialog } = useConfirm();
      return (
        <>
          <button type="button" onClick={async () => answers.push(await confirm({ detail: 'Kayıt silinecek.' }))}>sil</button>
          {dialog}
        </>
      );
    }
    render(<I18nextProvider i18n={i18n}><Page /></I18nextProvider>);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'sil' }));
    let alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    expect(alert).toHaveTextContent('Kayıt silinecek.');
    await u.click(within(alert).getByRole('button', { name: 'Hayır' }));
    await waitFor(() => expect(answers).toEqual([false]));
    await u.click(screen.getByRole('button', { name: 'sil' }));
    alert = await screen.findByRole('alertdialog');
    await u.click(within(alert).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(answers).toEqual([false, true]));
  });
});
