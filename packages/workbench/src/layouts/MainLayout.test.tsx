import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../test/render';
import { account, fakeServer } from '../../test/fake-server';
import { getSettings, resetSettings, updateSettings } from '../settings/settings';
import { LAYOUT, routeAnimationMs } from '../shell/layout';
import { RouteProgress } from '../shell/Progress/RouteProgress';
import { demoPlugin } from '../stories/demo/demoPlugin';

const originalWidth = window.innerWidth;
const originalMatchMedia = window.matchMedia;

/** A window of `width` px whose media queries answer like a browser's. */
function viewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false, media: query, onchange: null,
      addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: originalWidth });
  window.matchMedia = originalMatchMedia;
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

async function shellAt(path = '/summary', codes = ['6_1', '13_1']) {
  const server = fakeServer();
  server.setAccount(account({ codes }));
  const view = await renderWorkbench({ plugins: [demoPlugin], path, server, signedIn: true });
  await screen.findByRole('heading', { name: /Özet|Ürün listesi|Ajanda/ });
  return { ...view, user: userEvent.setup() };
}

describe('layout numbers', () => {
  it('are the seeds’ numbers, in one object', () => {
    expect(LAYOUT).toMatchObject({
      mobileBelow: 768, collapseBelow: 1024, swipeEdge: 70, swipeDistance: 50, flyoutHideDelay: 100,
      progressComplete: 300, routeAnimation: 300, menuWidth: 195, menuCollapsedWidth: 74, menuWideRange: [256, 330],
    });
    expect(routeAnimationMs(true)).toBe(300);
    expect(routeAnimationMs(false)).toBe(0);
  });
});

describe('breakpoints', () => {
  it('below 768 px the menu is a drawer opened by the menu button', async () => {
    viewport(500);
    const { user } = await shellAt();
    expect(screen.queryByRole('navigation', { name: 'Ana menü' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menüyü aç' }));
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(nav.closest('.bp6-drawer')).not.toBeNull();
    await user.click(within(nav).getByRole('menuitem', { name: 'Ajanda' }));
    expect(await screen.findByRole('heading', { name: 'Ajanda' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Ana menü' })).not.toBeInTheDocument());
  });

  it('at 768 px and above there is no menu button and the sidebar is in the page', async () => {
    viewport(800);
    await shellAt();
    expect(screen.queryByRole('button', { name: 'Menüyü aç' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Ana menü' }).closest('.bp6-drawer')).toBeNull();
  });

  it('below 1024 px the menu is forced collapsed (74 px), whatever the setting', async () => {
    viewport(900);
    updateSettings({ menuCollapsed: false });
    await shellAt();
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(nav).toHaveStyle({ width: '74px' });
    expect(within(nav).getByRole('button', { name: 'Menüyü genişlet' })).toBeDisabled();
  });

  it('follows a resize across the breakpoints', async () => {
    viewport(1280);
    await shellAt();
    expect(screen.getByRole('navigation', { name: 'Ana menü' })).toHaveStyle({ width: '195px' });
    act(() => viewport(1000));
    expect(screen.getByRole('navigation', { name: 'Ana menü' })).toHaveStyle({ width: '74px' });
    act(() => viewport(600));
    expect(screen.getByRole('button', { name: 'Menüyü aç' })).toBeInTheDocument();
  });
});

describe('swipe to open (mobile)', () => {
  const swipe = (from: number, to: number) => {
    fireEvent.touchStart(document, { touches: [{ clientX: from, clientY: 200 }] });
    fireEvent.touchMove(document, { touches: [{ clientX: to, clientY: 205 }] });
    fireEvent.touchEnd(document, { changedTouches: [{ clientX: to, clientY: 205 }] });
  };

  it('opens the menu on a swipe from within 70 px of the left edge moving more than 50 px', async () => {
    viewport(500);
    await shellAt();
    act(() => swipe(60, 111));
    expect(await screen.findByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
  });

  it('ignores a swipe starting further from the edge, or moving 50 px or less', async () => {
    viewport(500);
    await shellAt();
    act(() => swipe(71, 200));
    act(() => swipe(10, 60));
    expect(screen.queryByRole('navigation', { name: 'Ana menü' })).not.toBeInTheDocument();
  });
});

describe('menu styles', () => {
  it('flyout puts the menu on top; a group opens on hover', async () => {
    updateSettings({ menuStyle: 'flyout' });
    const { user, container } = await shellAt();
    expect(container.querySelector('.tz-sidebar')).toBeNull();
    const flyout = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(flyout).toHaveClass('tz-flyout');
    await user.hover(within(flyout).getByRole('button', { name: 'Stok' }));
    const group = await screen.findByRole('menu', { name: 'Stok' });
    await user.click(within(group).getByRole('menuitem', { name: 'Ürünler' }));
    expect(await screen.findByRole('heading', { name: 'Ürün listesi' })).toBeInTheDocument();
  });
});

describe('page change', () => {
  it('the progress bar completes after 300 ms, then hides', () => {
    vi.useFakeTimers();
    const view = render(<RouteProgress routeKey="/a" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    view.rerender(<RouteProgress routeKey="/b" />);
    const bar = () => screen.queryByRole('progressbar');
    expect(bar()).not.toBeNull();
    expect(bar()!.closest('.tz-route-progress')).toHaveAttribute('data-phase', 'running');
    act(() => vi.advanceTimersByTime(299));
    expect(bar()!.closest('.tz-route-progress')).toHaveAttribute('data-phase', 'running');
    act(() => vi.advanceTimersByTime(1));
    expect(bar()!.closest('.tz-route-progress')).toHaveAttribute('data-phase', 'done');
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(500));
    expect(bar()).toBeNull();
  });

  it('scrolls to the top and runs the progress bar', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user } = await shellAt();
    scrollTo.mockClear();
    await user.click(screen.getByRole('menuitem', { name: 'Ajanda' }));
    expect(await screen.findByRole('progressbar', { name: 'Sayfa yükleniyor' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('animates the route for 300 ms, or 0 with animations off', async () => {
    const { container } = await shellAt();
    const main = container.querySelector<HTMLElement>('.tz-main')!;
    expect(main.style.getPropertyValue('--tz-route-ms')).toBe('300ms');
    expect(container.querySelector('.tz-page')).toHaveClass('tz-page-animated');
    act(() => updateSettings({ animations: false }));
    expect(main.style.getPropertyValue('--tz-route-ms')).toBe('0ms');
    expect(container.querySelector('.tz-page')).not.toHaveClass('tz-page-animated');
  });
});

describe('footer', () => {
  it('variants 1 and 3 link the privacy notice in a modal; 2 and 4 do not', async () => {
    const { user } = await shellAt();
    for (const variant of [1, 2, 3, 4] as const) {
      act(() => updateSettings({ footer: variant }));
      const footer = screen.getByRole('contentinfo', { name: 'Alt bilgi' });
      expect(footer).toHaveAttribute('data-variant', String(variant));
      const link = within(footer).queryByRole('button', { name: 'Kişisel Verilerin Korunması Aydınlatma Metni' });
      expect(Boolean(link)).toBe(variant === 1 || variant === 3);
    }
    act(() => updateSettings({ footer: 1 }));
    await user.click(within(screen.getByRole('contentinfo', { name: 'Alt bilgi' })).getByRole('button', { name: /Aydınlatma Metni/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kişisel Verilerin Korunması Aydınlatma Metni' });
    expect(within(dialog).getByText(/6698 sayılı KVKK/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('settings from the URL', () => {
  it('take query parameters over the kept ones (true/false become booleans)', async () => {
    updateSettings({ menuStyle: 'classic', theme: 'default' });
    window.history.replaceState(null, '', '/?menuStyle=flyout&theme=pharmacy-light&animations=false&footer=3&bogus=1');
    resetSettings();
    const { container } = await shellAt();
    expect(getSettings()).toMatchObject({ menuStyle: 'flyout', theme: 'pharmacy-light', animations: false, footer: 3 });
    expect(container.querySelector('.tz-flyout')).toBeInTheDocument();
    expect(container.querySelector('.tz-main')).toHaveAttribute('data-theme', 'pharmacy-light');
    expect(screen.getByRole('contentinfo', { name: 'Alt bilgi' })).toHaveAttribute('data-variant', '3');
  });
});
