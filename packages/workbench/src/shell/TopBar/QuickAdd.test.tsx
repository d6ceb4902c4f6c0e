import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, type ContributionProps } from '@tezgah/core';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { homePlugin } from '../../builtin/home/plugin';

const plugin = defineWebPlugin({
  id: 'quick-test',
  title: 'Quick',
  quickAdds: [
    { id: 'tag', title: 'Hızlı etiket ekle', module: 19, action: 2 },
    { id: 'tax', title: 'Hızlı vergi ekle', module: 23, action: 2 },
  ],
  load: {
    quickAdds: {
      tag: async () => ({ default: ({ host }: ContributionProps) => <p>Etiket formu ({host.session?.login})</p> }),
      tax: async () => ({ default: () => <p>Vergi formu</p> }),
    },
  },
});

describe('quick-add menu', () => {
  it('lists only the quick-adds the session may use and opens the plugin\'s form in a dialog', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['19_1', '19_2', '23_1'] }));
    await renderWorkbench({ plugins: [homePlugin, plugin], path: '/summary', server, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hızlı ekle' }));
    const menu = await screen.findByRole('menu', { name: 'Hızlı ekle' });
    expect(within(menu).getByRole('menuitem', { name: 'Hızlı etiket ekle' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Hızlı vergi ekle' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Hızlı etiket ekle' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Etiket formu (eczaci)')).toBeInTheDocument();
  });

  it('is not there when no quick-add is allowed', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    await renderWorkbench({ plugins: [homePlugin, plugin], path: '/summary', server, signedIn: true });
    await screen.findByRole('heading', { name: /Hoş geldiniz/ });
    expect(screen.queryByRole('button', { name: 'Hızlı ekle' })).not.toBeInTheDocument();
  });
});
