import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withHost } from '../../stories/withHost';
import { TopBar } from './TopBar';

/** The top bar with every part: company selector, page finder, favourites, theme, bell, cart, settings, user menu. */
const meta = {
  title: 'Shell/TopBar',
  component: TopBar,
  decorators: [withHost({ settings: { favourites: ['/customer'] } })],
  parameters: { route: '/product' },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const DefaultTheme: Story = { decorators: [withHost({ settings: { theme: 'default' } })] };

export const Impersonating: Story = {
  decorators: [withHost({ account: { impersonate: true, login: 'eczaci', previousLogin: 'yonetici' } })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('eczaci olarak oturum açıldı (yonetici)')).toBeInTheDocument();
  },
};

export const OneCompany: Story = { decorators: [withHost({ companies: [{ companyId: 2, name: 'Demo Eczanesi' }] })] };

export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Kullanıcı menüsü' }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Çıkış' })).toBeInTheDocument();
  },
};
