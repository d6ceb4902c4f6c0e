import type { Meta, StoryObj } from '@storybook/react-vite';
import { withHost } from '../../stories/withHost';
import { Sidebar } from './Sidebar';

/** The left menu: classic (groups open and close), collapsed (74 px, icons only), simply (compact list). */
const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  decorators: [withHost()],
  parameters: { route: '/product' },
  render: (args) => <div style={{ display: 'flex', height: 520 }}><Sidebar {...args} /></div>,
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Classic: Story = { args: { variant: 'classic', collapsed: false } };
export const Collapsed: Story = { args: { variant: 'classic', collapsed: true } };
export const Simply: Story = { args: { variant: 'simply', collapsed: false } };
export const PharmacyDark: Story = { args: { collapsed: false }, decorators: [withHost({ settings: { theme: 'pharmacy' } })] };
export const PharmacyLight: Story = { args: { collapsed: false }, decorators: [withHost({ settings: { theme: 'pharmacy-light' } })] };
export const NoAuthorities: Story = { args: { collapsed: false }, decorators: [withHost({ codes: [] })] };
