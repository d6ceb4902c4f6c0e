import { describe, expect, it } from 'vitest';
import {
  Conflict,
  Forbidden,
  isTezgahError,
  NetworkError,
  NoItsAccessToken,
  NotFound,
  parseRetryAfter,
  RateLimited,
  ServerError,
  toNetworkError,
  toTezgahError,
  Unauthorized,
  ValidationFailed,
} from './errors';

const res = (status: number, headers: Record<string, string> = {}, statusText = '') =>
  new Response(null, { status, headers, statusText });

describe('toTezgahError', () => {
  const cases: Array<[number, string]> = [
    [400, 'ValidationFailed'],
    [401, 'Unauthorized'],
    [402, 'ValidationFailed'],
    [403, 'Forbidden'],
    [404, 'NotFound'],
    [405, 'ValidationFailed'],
    [409, 'Conflict'],
    [410, 'ValidationFailed'],
    [413, 'ValidationFailed'],
    [415, 'ValidationFailed'],
    [422, 'ValidationFailed'],
    [429, 'RateLimited'],
    [451, 'ValidationFailed'],
    [500, 'ServerError'],
    [501, 'ServerError'],
    [502, 'ServerError'],
    [503, 'ServerError'],
    [504, 'ServerError'],
  ];
  it.each(cases)('maps %i to %s', (status, tag) => {
    const err = toTezgahError(res(status), { type: 'about:blank', title: 'T', status });
    expect(err._tag).toBe(tag);
    expect(err.status).toBe(status);
    expect(err.title).toBe('T');
    expect(err).toBeInstanceOf(Error);
    expect(isTezgahError(err)).toBe(true);
  });

  it('gives each status exactly one class', () => {
    expect(toTezgahError(res(401), {})).toBeInstanceOf(Unauthorized);
    expect(toTezgahError(res(403), {})).toBeInstanceOf(Forbidden);
    expect(toTezgahError(res(404), {})).toBeInstanceOf(NotFound);
    expect(toTezgahError(res(409), {})).toBeInstanceOf(Conflict);
    expect(toTezgahError(res(422), {})).toBeInstanceOf(ValidationFailed);
    expect(toTezgahError(res(429), {})).toBeInstanceOf(RateLimited);
    expect(toTezgahError(res(500), {})).toBeInstanceOf(ServerError);
    expect(toTezgahError(res(403), {})).not.toBeInstanceOf(Unauthorized);
  });

  it('keeps the problem: title, detail, code and a readable message', () => {
    const body = { type: 'https://tezgah/problems/inactive', title: 'Hesap etkin değil', status: 401, detail: 'Aktivasyon bekleniyor', code: 'ACCOUNT_NOT_ACTIVATED' };
    const err = toTezgahError(res(401), body);
    expect(err).toBeInstanceOf(Unauthorized);
    expect(err.detail).toBe('Aktivasyon bekleniyor');
    expect(err.code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(err.problem).toEqual(body);
    expect(err.message).toBe('Hesap etkin değil (401): Aktivasyon bekleniyor');
    expect(err.name).toBe('Unauthorized');
  });

  it('maps the ITS 401 to NoItsAccessToken, as plain text or as detail', () => {
    expect(toTezgahError(res(401), 'No Its Access Token')).toBeInstanceOf(NoItsAccessToken);
    expect(toTezgahError(res(401), { title: 'Unauthorized', status: 401, detail: 'No Its Access Token' })).toBeInstanceOf(NoItsAccessToken);
    expect(toTezgahError(res(401), 'Bad credentials')).toBeInstanceOf(Unauthorized);
    // not a 401: the text does not matter
    expect(toTezgahError(res(403), 'No Its Access Token')).toBeInstanceOf(Forbidden);
  });

  it('carries field errors on ValidationFailed', () => {
    const err = toTezgahError(res(400), {
      title: 'Geçersiz istek',
      status: 400,
      fieldErrors: [{ field: 'email', message: 'Wrong e-mail format', code: 'format' }, { bogus: true }],
    });
    expect(err).toBeInstanceOf(ValidationFailed);
    expect((err as ValidationFailed).fieldErrors).toEqual([{ field: 'email', message: 'Wrong e-mail format', code: 'format' }]);
    expect((toTezgahError(res(422), { title: 'x' }) as ValidationFailed).fieldErrors).toEqual([]);
  });

  it('reads Retry-After on 429 (seconds or an HTTP date)', () => {
    const err = toTezgahError(res(429, { 'Retry-After': '30' }), { title: 'Too many', status: 429 });
    expect(err).toBeInstanceOf(RateLimited);
    expect((err as RateLimited).retryAfterSeconds).toBe(30);
    expect((toTezgahError(res(429), {}) as RateLimited).retryAfterSeconds).toBeUndefined();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('falls back to the status text or a default title when the body is not a problem', () => {
    expect(toTezgahError(res(502, {}, 'Bad Gateway'), '<html>proxy</html>').title).toBe('Bad Gateway');
    expect(toTezgahError(res(502, {}, 'Bad Gateway'), '<html>proxy</html>').detail).toBeUndefined();
    const e = toTezgahError(res(500), 'database down');
    expect(e.title).toBe('Internal Server Error');
    expect(e.detail).toBe('database down');
    expect(e.problem).toBeUndefined();
    expect(toTezgahError(res(404), undefined).title).toBe('Not Found');
    expect(toTezgahError(res(418), undefined).title).toBe('HTTP 418');
    // a problem sent as text is still read
    expect(toTezgahError(res(409), '{"title":"Zaten var","status":409}').title).toBe('Zaten var');
  });
});

describe('toNetworkError', () => {
  it('wraps what fetch threw', () => {
    const cause = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const err = toNetworkError(cause);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err._tag).toBe('NetworkError');
    expect(err.cause).toBe(cause);
    expect(err.message).toBe('Network error: fetch failed: ECONNREFUSED');
    expect(isTezgahError(err)).toBe(true);
    expect(toNetworkError('boom').message).toBe('Network error: boom');
  });

  it('is not confused with other errors', () => {
    expect(isTezgahError(new Error('x'))).toBe(false);
    expect(isTezgahError({ _tag: 'NotFound' })).toBe(false);
  });
});
