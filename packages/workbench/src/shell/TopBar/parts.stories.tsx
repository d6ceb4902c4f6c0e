import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Navbar } from '@blueprintjs/core';
import { withHost } from '../../stories/withHost';
import { CartDropdown } from './CartDropdown';
import { CompanySelector } from './CompanySelector';
import { FavouritesMenu } from './Favourites';
import { NotificationBell } from './NotificationBell';
import { PageFinder } from './PageFinder';
import { QuickAddMenu } from './QuickAdd';
import { SettingsForm, SettingsPanel } from './SettingsPanel';
import { ThemeSwitch } from './ThemeSwitch';
import { ImpersonationTag, UserMenu } from './UserMenu';

/** Each part of the top bar alone, opened where it is a dropdown. */
const meta = {
  title: 'Shell/TopBar parts',
  decorators: [withHost({ inline: true })],
  parameters: { route: '/product' },
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const open = (name: string) => async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name }));
};

export const PageFinderStory: Story = {
  name: 'PageFinder',
  render: () => <PageFinder />,
  play: async ({ canvasElement }) => {
    await userEvent.type(await within(canvasElement).findByRole('combobox', { name: 'Sayfa ara...' }), 'ü');
    await expect(await body(canvasElement).findByRole('listbox', { name: 'Sayfa ara...' })).toBeInTheDocument();
  },
};

export const Favourites: Story = {
  render: () => <FavouritesMenu />,
  decorators: [withHost({ inline: true, settings: { favourites: ['/customer', '/agenda'] } })],
  play: open('Favoriler'),
};

export const FavouritesFull: Story = {
  render: () => <FavouritesMenu />,
  decorators: [withHost({ inline: true, settings: { favourites: ['/customer', '/agenda', '/summary'] } })],
  play: open('Favoriler'),
};

export const CompanySelectorStory: Story = {
  name: 'CompanySelector',
  render: () => <CompanySelector />,
  play: open('Şirket değiştir: Demo Eczanesi'),
};

export const ThemeSwitchStory: Story = { name: 'ThemeSwitch', render: () => <ThemeSwitch />, play: open('Tema') };

export const UserMenuStory: Story = { name: 'UserMenu', render: () => <UserMenu />, play: open('Kullanıcı menüsü') };

export const ImpersonationTagStory: Story = {
  name: 'ImpersonationTag',
  render: () => <ImpersonationTag />,
  decorators: [withHost({ inline: true, account: { impersonate: true, login: 'eczaci', previousLogin: 'yonetici' } })],
};

export const NotificationBellStory: Story = { name: 'NotificationBell', render: () => <Navbar><NotificationBell /></Navbar>, play: open('Bildirimler') };

export const CartDropdownStory: Story = { name: 'CartDropdown', render: () => <Navbar><CartDropdown /></Navbar>, play: open('Sepet') };

export const SettingsPanelStory: Story = { name: 'SettingsPanel', render: () => <SettingsPanel defaultOpen /> };

export const SettingsFormStory: Story = { name: 'SettingsForm', render: () => <div style={{ width: 360 }}><SettingsForm /></div> };

export const QuickAdd: Story = {
  render: () => <QuickAddMenu />,
  play: async ({ canvasElement }) => {
    await open('Hızlı ekle')({ canvasElement });
    await expect(await body(canvasElement).findByRole('menu', { name: 'Hızlı ekle' })).toBeInTheDocument();
  },
};
