/**
 * `pluginProblem` of @tezgah/plugin-server (the public package an outside plugin throws its
 * refusals with) against the kernel: what it answers is the problem the kernel recognises, and a
 * Fastify app answering errors as the kernel does (toProblem, toBody) answers it with its status,
 * title, code, detail and field errors. Kept here because the server project runs it with the
 * kernel's sources; the helper lives in packages/plugin-server/src/index.ts.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TITLES, pluginProblem } from '../../../plugin-server/src/index';
import { problemLanguage, problems } from './problem';

describe('pluginProblem', () => {
  it('is an Error named TezgahProblem with the status, the title of the status, the detail, code and field', () => {
    const e = pluginProblem(409, 'Bu adla bir not var.', { code: 'NOTE_EXISTS', field: 'title' });
    expect(e).toBeInstanceOf(Error);
    expect({ ...e, name: e.name, message: e.message }).toEqual({
      name: 'TezgahProblem', message: 'Çakışma: Bu adla bir not var.', status: 409, title: 'Çakışma', detail: 'Bu adla bir not var.', code: 'NOTE_EXISTS',
      fieldErrors: [{ field: 'title', message: 'Bu adla bir not var.', code: 'NOTE_EXISTS' }],
    });
    expect({ ...pluginProblem(404, 'Not bulunamadı.') }).toEqual({ name: 'TezgahProblem', status: 404, title: 'Kayıt bulunamadı', detail: 'Not bulunamadı.' });
    expect(pluginProblem(422, 'x').title).toBe('İşlenemeyen istek');
    expect(pluginProblem(418, 'x').title).toBe('Geçersiz istek');
    expect(pluginProblem(400, 'x', { title: 'Ad boş' }).title).toBe('Ad boş');
    expect(pluginProblem(400, 'İki alan.', { fieldErrors: [{ field: 'a', message: 'A boş.' }, { field: 'b', message: 'B boş.', code: 'REQUIRED' }] }).fieldErrors).toHaveLength(2);
    expect(() => pluginProblem(500, 'x')).toThrow(RangeError);
    expect(() => pluginProblem(399, 'x')).toThrow(RangeError);
  });

  it("titles a status as the kernel's own refusals of that status", () => {
    expect(PROBLEM_TITLES[400]).toBe(problems.badRequest('x').title);
    expect(PROBLEM_TITLES[401]).toBe(problems.unauthorized().title);
    expect(PROBLEM_TITLES[403]).toBe(problems.forbidden().title);
    expect(PROBLEM_TITLES[404]).toBe(problems.notFound().title);
    expect(PROBLEM_TITLES[409]).toBe(problems.conflict('x').title);
    expect(PROBLEM_TITLES[429]).toBe(problems.rateLimited(1).title);
  });

  it('is answered by the kernel as that problem, in the caller\'s language', async () => {
    const { toProblem } = await import('./app');
    const app = Fastify();
    // The kernel's answer to an error (app.ts replyProblem): the problem it stands for, as problem+json.
    app.setErrorHandler((error, request, reply) => {
      const p = toProblem(error);
      reply.status(p.status).type('application/problem+json').send(JSON.stringify(p.toBody(request.url.split('?')[0], problemLanguage(request.headers['accept-language']))));
    });
    app.get('/plugins/acme-notes/notes', async () => {
      throw pluginProblem(409, 'Bu adla bir not var.', { code: 'NOTE_EXISTS', field: 'title' });
    });
    app.get('/plugins/acme-notes/oops', async () => {
      throw Object.assign(new Error('not a refusal'), { status: 409, title: 'Çakışma' });
    });
    try {
      const r = await app.inject({ method: 'GET', url: '/plugins/acme-notes/notes?x=1' });
      expect([r.statusCode, r.headers['content-type']]).toEqual([409, expect.stringMatching(/^application\/problem\+json/)]);
      expect(r.json()).toEqual({
        type: 'https://tezgah.dev/problems/note-exists', title: 'Çakışma', status: 409, detail: 'Bu adla bir not var.', code: 'NOTE_EXISTS',
        instance: '/plugins/acme-notes/notes', fieldErrors: [{ field: 'title', message: 'Bu adla bir not var.', code: 'NOTE_EXISTS' }],
      });
      const en = await app.inject({ method: 'GET', url: '/plugins/acme-notes/notes', headers: { 'accept-language': 'en' } });
      expect(en.json()).toMatchObject({ title: 'Conflict', status: 409, code: 'NOTE_EXISTS' });
      // An error not made by the helper (no name) stays a 500.
      expect((await app.inject({ method: 'GET', url: '/plugins/acme-notes/oops' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});
