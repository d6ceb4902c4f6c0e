import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem } from '../../../test/fake-server';

const activations = (server: ReturnType<typeof fakeServer>) => server.requests.filter((r) => r.path.startsWith('/api/activate'));

describe('/auth/activate', () => {
  it("activates once with the link's key, congratulates, and links to the sign-in page with the login", async () => {
    const server = fakeServer({ 'GET /api/activate': () => json({ activated: true, login: '12345678950' }) });
    const { toasts } = await renderWorkbench({ path: '/auth/activate?key=act1v8', server });
    expect(await screen.findByRole('heading', { name: 'Tebrikler' })).toBeInTheDocument();
    expect(screen.getByText('Hesabınız etkinleştirildi. Artık giriş yapabilirsiniz.')).toBeInTheDocument();
    expect(activations(server).map((r) => r.path)).toEqual(['/api/activate?key=act1v8']);
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Hesabınız etkinleştirildi.');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Giriş sayfasına git' }));
    expect(await screen.findByLabelText('Kullanıcı adı / T.C. kimlik no')).toHaveValue('12345678950');
    expect(activations(server)).toHaveLength(1);
  });

  it("shows the seeds' failure text with the server's detail and links to resending", async () => {
    const server = fakeServer({
      'GET /api/activate': () => problem(400, 'Maalesef etkinleştirme işleminiz tamamlanamadı', { code: 'INCORRECT_OTP', detail: 'Anahtar geçersiz veya daha önce kullanılmış.' }),
    });
    await renderWorkbench({ path: '/auth/activate?key=used', server });
    expect(await screen.findByRole('heading', { name: 'Maalesef etkinleştirme işleminiz tamamlanamadı' })).toBeInTheDocument();
    expect(screen.getByText('Anahtar geçersiz veya daha önce kullanılmış.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Etkinleştirme bağlantısını yeniden gönder' }));
    expect(await screen.findByRole('form', { name: 'Etkinleştirme bağlantısını yeniden gönder' })).toBeInTheDocument();
  });

  it('shows the progress while the call runs', async () => {
    let release: (r: Response) => void = () => {};
    const server = fakeServer({ 'GET /api/activate': () => new Promise<Response>((resolve) => { release = resolve; }) });
    await renderWorkbench({ path: '/auth/activate?key=slow', server });
    expect(await screen.findByRole('heading', { name: 'Hesabınız etkinleştiriliyor...' })).toBeInTheDocument();
    release(json({ activated: true, login: 'x' }));
    expect(await screen.findByRole('heading', { name: 'Tebrikler' })).toBeInTheDocument();
  });

  it('takes the key from the rest of the path (the route is a prefix)', async () => {
    const server = fakeServer({ 'GET /api/activate': () => json({ activated: true, login: 'x' }) });
    await renderWorkbench({ path: '/auth/activate/path-key', server });
    expect(await screen.findByRole('heading', { name: 'Tebrikler' })).toBeInTheDocument();
    expect(activations(server).map((r) => r.path)).toEqual(['/api/activate?key=path-key']);
  });

  it('fails without calling the server when the link has no key', async () => {
    const { server } = await renderWorkbench({ path: '/auth/activate' });
    expect(await screen.findByRole('heading', { name: 'Maalesef etkinleştirme işleminiz tamamlanamadı' })).toBeInTheDocument();
    expect(screen.getByText(/Bağlantıdaki anahtar eksik/)).toBeInTheDocument();
    expect(activations(server)).toHaveLength(0);
  });
});
