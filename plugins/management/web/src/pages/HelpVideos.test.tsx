import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { formatDuration, HELP_VIDEOS } from '../help/videos';
import { account, fakeServer, renderWorkbench } from '../testing';

const plugins = [management];

async function open() {
  const s = fakeServer();
  // An ordinary pharmacy user: /video needs no module.
  s.setAccount(account({ codes: ['13_1'] }));
  await renderWorkbench({ plugins, path: '/video', server: s, signedIn: true });
  return await screen.findByRole('list', { name: 'Yardım Videoları' });
}
/** The video cards (the list's own items, not their steps). */
const cards = (list: HTMLElement) => [...list.children] as HTMLElement[];

describe('/video', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('formats durations', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(60)).toBe('1:00');
  });

  it('lists the catalogue to any signed-in user, by topic and by search, and plays a video with its steps', async () => {
    const list = await open();
    expect(cards(list)).toHaveLength(HELP_VIDEOS.length);
    expect(screen.getByRole('menuitem', { name: /Yardım Videoları/ })).toBeInTheDocument();
    const u = userEvent.setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Konu' }), 'E-Fatura');
    expect(cards(list).map((li) => li.getAttribute('aria-label'))).toEqual(HELP_VIDEOS.filter((v) => v.topic === 'E_INVOICE').map((v) => v.title));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Konu' }), 'Tüm konular');
    await u.type(screen.getByRole('searchbox', { name: 'Video ara' }), 'REÇETE');
    expect(cards(list)).toHaveLength(1);
    const item = within(cards(list)[0]!);
    expect(item.getByText('Reçete sorgulama ve satışa aktarma')).toBeInTheDocument();
    expect(item.getByText('Süre: 4:40')).toBeInTheDocument();
    await u.click(item.getByRole('button', { name: 'İzle: Reçete sorgulama ve satışa aktarma' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reçete sorgulama ve satışa aktarma' }));
    expect(dialog.getByLabelText('Reçete sorgulama ve satışa aktarma').getAttribute('src')).toBe('https://video.tezgah.com.tr/yardim/recete-sorgulama.mp4');
    expect(within(dialog.getByRole('list', { name: /Adımlar/ })).getAllByRole('listitem')).toHaveLength(3);
    await u.click(dialog.getByRole('button', { name: 'Kapat' }));
    await u.type(screen.getByRole('searchbox', { name: 'Video ara' }), 'yok böyle');
    expect(await screen.findByText('Aramanıza uyan video yok.')).toBeInTheDocument();
  }, 60_000);

  it('says so when offline and keeps the written steps', async () => {
    const list = await open();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => { window.dispatchEvent(new Event('offline')); });
    expect(await screen.findByText(/İnternet bağlantısı yok/)).toBeInTheDocument();
    const first = within(cards(list)[0]!);
    expect(first.getByRole('button', { name: /İzle/ })).toBeDisabled();
    expect(first.getByRole('list', { name: /Adımlar/ })).toBeInTheDocument();
  });
});
