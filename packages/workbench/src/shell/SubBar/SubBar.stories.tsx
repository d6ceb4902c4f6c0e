import type { Meta, StoryObj } from '@storybook/react-vite';
import { withHost } from '../../stories/withHost';
import { SubBar } from './SubBar';

/** The sub-bar: breadcrumb and the page's Add buttons (none on home and the prescription sale). */
const meta = {
  title: 'Shell/SubBar',
  component: SubBar,
  decorators: [withHost()],
  parameters: { route: '/product' },
} satisfies Meta<typeof SubBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAdd: Story = {};
export const SuperAdmin: Story = { decorators: [withHost({ allCompanyCodes: ['101_1'] })] };
export const WithoutCreateAction: Story = { decorators: [withHost({ codes: ['13_1'] })] };
export const HomeHasNoAdd: Story = { parameters: { route: '/summary' } };
