import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { NetworkError, toTezgahError } from '@tezgah/sdk';
import { createI18n } from '../i18n';
import { recordToasts } from '../../test/render';
import { createNotifier, describeError, errorFromBlob, NOTIFICATION_TIMEOUT_MS, pasteOverflow, RELOAD_DELAY_MS } from './notify';

let t: TFunction;
beforeAll(async () => { t = (await createI18n('tr')).t; });
afterEach(() => vi.useRealTimers());

/** An SDK error as a failed response makes it. */
const failed = (status: number, body: unknown, statusText = '') => toTezgahError({ status, statusText }, body);
const problem = (status: number, title: string, extra: Record<string, unknown> = {}) => failed(status, { type: 'about:blank', title, status, ...extra });

describe('describeError: main service (seeds 000 §8)', () => {
  it('403 → Yetki Hatası, saying the user lacks permission and may sign in again', () => {
    const r = describeError(problem(403, 'Forbidden'), t);
    expect(r).toEqual({ kind: 'toast', title: 'Yetki Hatası', message: 'Bu işlem için yetkiniz yok. Yetkiniz olduğunu düşünüyorsanız tekrar giriş yapın.', reload: false });
  });

  it('a 401 whose body is "No Its Access Token" passes silently', () => {
    expect(describeError(failed(401, 'No Its Access Token'), t)).toEqual({ kind: 'silent' });
    expect(describeError({ status: 401, body: 'No Its Access Token' }, t)).toEqual({ kind: 'silent' });
  });

  it('any other 401 → HATALI with the server title, and the page reloads', () => {
    expect(describeError(problem(401, 'Oturum süresi doldu'), t)).toEqual({ kind: 'toast', title: 'HATALI', message: 'Oturum süresi doldu', reload: true });
  });

  it('any other error → HATALI with the server title, without a reload', () => {
    expect(describeError(problem(422, 'Geçersiz vergi numarası', { detail: 'taxNo: 10 hane' }), t)).toEqual({ kind: 'toast', title: 'HATALI', message: 'Geçersiz vergi numarası', reload: false });
    expect(describeError(problem(500, 'Sunucu hatası'), t)).toMatchObject({ title: 'HATALI', message: 'Sunucu hatası', reload: false });
  });

  it('without a server title → status and status text', () => {
    expect(describeError(failed(502, '<html>bad gateway</html>', 'Bad Gateway'), t)).toMatchObject({ title: 'HATALI', message: '502 Bad Gateway' });
    expect(describeError({ status: 409, statusText: 'Conflict' }, t)).toMatchObject({ title: 'HATALI', message: '409 Conflict' });
  });

  it('a network failure says the server could not be reached', () => {
    expect(describeError(new NetworkError({ message: 'fetch failed', cause: null }), t)).toMatchObject({ title: 'HATALI', message: 'Sunucuya ulaşılamadı.', reload: false });
  });
});

describe('describeError: account calls', () => {
  it('a not-activated 401 asks to finish activation through the mailed link', () => {
    const r = describeError(problem(401, 'Unauthorized', { detail: 'User eczaci was not activated', code: 'ACCOUNT_NOT_ACTIVATED' }), t, { account: true });
    expect(r).toMatchObject({ kind: 'toast', message: expect.stringContaining('e-postanıza gönderilen bağlantı'), reload: false });
  });

  it('other 401s show the standard unauthorized message, never a reload', () => {
    expect(describeError(problem(401, 'Bad credentials'), t, { account: true })).toEqual({ kind: 'toast', title: 'HATALI', message: 'Oturumunuz sona erdi; lütfen tekrar giriş yapın.', reload: false });
  });

  it('403 shows a forbidden message', () => {
    expect(describeError(problem(403, 'Forbidden'), t, { account: true })).toMatchObject({ message: expect.stringContaining('yetkiniz yok') });
  });

  it('others show the title, else the status text', () => {
    expect(describeError(problem(400, 'E-posta zaten kayıtlı'), t, { account: true })).toMatchObject({ title: 'HATALI', message: 'E-posta zaten kayıtlı' });
    expect(describeError(failed(503, '', 'Service Unavailable'), t, { account: true })).toMatchObject({ message: '503 Service Unavailable' });
  });

  it('password-reset-activate-finish is silent', () => {
    expect(describeError(problem(400, 'Geçersiz anahtar'), t, { account: true, call: 'password-reset-activate-finish' })).toEqual({ kind: 'silent' });
  });
});

describe('describeError: reports', () => {
  it('403 is a forbidden notice; others the title, else the message', () => {
    expect(describeError(problem(403, 'Forbidden'), t, { reports: true })).toMatchObject({ title: 'Yetki Hatası' });
    expect(describeError(problem(500, 'Rapor oluşturulamadı'), t, { reports: true })).toMatchObject({ message: 'Rapor oluşturulamadı', reload: false });
    expect(describeError({ message: 'timeout' }, t, { reports: true })).toMatchObject({ message: 'timeout' });
  });
});

describe('errorFromBlob', () => {
  it('parses a blob body as JSON first', async () => {
    const e = await errorFromBlob(400, 'Bad Request', new Blob([JSON.stringify({ title: 'Günlük Excel indirme hakkı doldu' })], { type: 'application/json' }));
    expect(describeError(e, t)).toMatchObject({ title: 'HATALI', message: 'Günlük Excel indirme hakkı doldu' });
  });
  it('falls back to the status when the blob is not JSON', async () => {
    const e = await errorFromBlob(500, 'Internal Server Error', new Blob(['oops']));
    expect(describeError(e, t)).toMatchObject({ message: '500 Internal Server Error' });
  });
});

describe('createNotifier', () => {
  it('shows successes as BAŞARILI and warnings as UYARI, for 3 seconds', async () => {
    const toasts = recordToasts();
    const n = createNotifier(t, () => {});
    n.success('Başarıyla eklendi.');
    n.warning('You can only add 3 pages to favourites');
    await vi.waitFor(() => expect(toasts.shown).toHaveLength(2), { timeout: 15_000 });
    expect(toasts.shown[0]).toEqual({ message: 'BAŞARILI — Başarıyla eklendi.', intent: 'success', timeout: 3000 });
    expect(toasts.shown[1]).toEqual({ message: 'UYARI — You can only add 3 pages to favourites', intent: 'warning', timeout: 3000 });
    expect(NOTIFICATION_TIMEOUT_MS).toBe(3000);
  });

  it('shows a failure as HATALI with the server title for 3 seconds', async () => {
    const toasts = recordToasts();
    const reload = vi.fn();
    createNotifier(t, reload).failure(problem(409, 'Aynı vergi oranı zaten var'));
    await vi.waitFor(() => expect(toasts.shown).toHaveLength(1), { timeout: 15_000 });
    expect(toasts.shown[0]).toEqual({ message: 'HATALI — Aynı vergi oranı zaten var', intent: 'danger', timeout: 3000 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows 403 as Yetki Hatası', async () => {
    const toasts = recordToasts();
    createNotifier(t, () => {}).failure(problem(403, 'Forbidden'));
    await vi.waitFor(() => expect(toasts.shown).toHaveLength(1), { timeout: 15_000 });
    expect(String(toasts.shown[0]!.message)).toMatch(/^Yetki Hatası — /);
  });

  it('passes a No Its Access Token 401 silently, with no reload', async () => {
    vi.useFakeTimers();
    const toasts = recordToasts();
    const reload = vi.fn();
    createNotifier(t, reload).failure(failed(401, 'No Its Access Token'));
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS * 2);
    expect(toasts.shown).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page after a main-service 401', async () => {
    vi.useFakeTimers();
    const toasts = recordToasts();
    const reload = vi.fn();
    createNotifier(t, reload).failure(problem(401, 'Yetkisiz erişim'));
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.shown[0]).toMatchObject({ message: 'HATALI — Yetkisiz erişim', timeout: 3000 });
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the page after a 423: the screen was locked in another tab', async () => {
    vi.useFakeTimers();
    recordToasts();
    const reload = vi.fn();
    createNotifier(t, reload).failure(problem(423, 'Ekran kilitli'));
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload after an account 401', async () => {
    vi.useFakeTimers();
    recordToasts();
    const reload = vi.fn();
    createNotifier(t, reload).failure(problem(401, 'Bad credentials'), { account: true });
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('pasteOverflow', () => {
  it('counts what a paste loses at the field\'s limit, replacing the selection', () => {
    const field = (value: string, start: number | null, end: number | null, maxLength = 10) => ({ maxLength, value, selectionStart: start, selectionEnd: end });
    expect(pasteOverflow(field('', 0, 0), '0123456789')).toBe(0);
    expect(pasteOverflow(field('', 0, 0), '0123456789AB')).toBe(2);
    expect(pasteOverflow(field('abcdefgh', 8, 8), 'xyz')).toBe(1);
    expect(pasteOverflow(field('abcdefgh', 0, 8), 'xyz')).toBe(0);
    expect(pasteOverflow(field('abc', 0, 0, -1), 'x'.repeat(500))).toBe(0);
  });
});
