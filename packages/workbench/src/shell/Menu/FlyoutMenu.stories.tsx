import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withHost } from '../../stories/withHost';
import { FlyoutMenu } from './FlyoutMenu';

/** The flyout menu style: the menu on top; groups open on hover and hide 100 ms after leaving. */
const meta = {
  title: 'Shell/FlyoutMenu',
  component: FlyoutMenu,
  decorators: [withHost()],
  parameters: { route: '/customer' },
} satisfies Meta<typeof FlyoutMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const GroupOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(await within(canvasElement).findByRole('button', { name: 'Stok' }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu', { name: 'Stok' })).toBeInTheDocument();
  },
};
export const DefaultTheme: Story = { decorators: [withHost({ settings: { theme: 'default' } })] };
