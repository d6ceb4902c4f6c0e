import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from '../app/App';
import { StoryHost, type StoryHostProps } from '../stories/StoryHost';
import { demoPlugin } from '../stories/demo/demoPlugin';

/** The whole main layout over the demo plugin: every menu style, theme and footer. */
function Shell(props: Omit<StoryHostProps, 'children'>) {
  return (
    <StoryHost plugins={[demoPlugin]} {...props}>
      <App />
    </StoryHost>
  );
}

const meta = {
  title: 'Layouts/MainLayout',
  component: Shell,
  parameters: { route: '/customer' },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Classic: Story = {};
export const Collapsed: Story = { args: { settings: { menuCollapsed: true } } };
export const Flyout: Story = { args: { settings: { menuStyle: 'flyout', footer: 2 } } };
export const Simply: Story = { args: { settings: { menuStyle: 'simply', footer: 3 } } };
export const DefaultTheme: Story = { args: { settings: { theme: 'default', footer: 4 } } };
export const PharmacyLight: Story = { args: { settings: { theme: 'pharmacy-light' } } };
export const Impersonating: Story = { args: { account: { impersonate: true, login: 'eczaci', previousLogin: 'yonetici' } } };
export const Home: Story = { parameters: { route: '/summary' } };
