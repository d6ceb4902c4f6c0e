import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Card, Dialog, DialogBody, H5, Menu, MenuItem } from '@blueprintjs/core';
import { isQuickAddVisible, isWidgetVisible } from '@tezgah/core';
import { useShell } from '../host/HostProvider';
import { Contribution } from '../host/Contribution';
import { Slot } from '../ui/Slot';
import { Sidebar } from '../shell/Sidebar/Sidebar';
import { withHost } from './withHost';

/**
 * What a plugin contributes, one story per kind, from the demo plugin (src/stories/demo): a menu
 * entry, a route page, a dashboard widget, a quick-add dialog, a settings page and a slot fill.
 */
const meta = {
  title: 'Plugins/Contribution types',
  decorators: [withHost({ padded: true })],
  parameters: { route: '/customer' },
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const MenuEntry: Story = {
  render: () => <div style={{ display: 'flex', height: 420 }}><Sidebar collapsed={false} /></div>,
};

function RoutePageDemo() {
  const shell = useShell();
  const route = shell.registry.route('/customer')!;
  return <Contribution load={route.load} />;
}
export const RoutePage: Story = { render: () => <RoutePageDemo /> };

function WidgetDemo() {
  const shell = useShell();
  return (
    <div className="tz-widgets">
      {shell.registry.widgets.filter((w) => isWidgetVisible(w.decl, shell.gate)).map((w) => (
        <Card key={w.decl.id}>
          <H5>{w.decl.title}</H5>
          <Contribution load={w.load} />
        </Card>
      ))}
    </div>
  );
}
export const DashboardWidget: Story = { render: () => <WidgetDemo /> };

function QuickAddDemo() {
  const shell = useShell();
  const quick = shell.registry.quickAdds.filter((q) => isQuickAddVisible(q.decl, shell.gate));
  const [open, setOpen] = useState<string | null>(quick[0]?.decl.id ?? null);
  const current = quick.find((q) => q.decl.id === open);
  return (
    <>
      <Menu>
        {quick.map((q) => <MenuItem key={q.decl.id} icon="add" text={q.decl.title} onClick={() => setOpen(q.decl.id)} />)}
      </Menu>
      <Dialog isOpen={Boolean(current)} onClose={() => setOpen(null)} title={current?.decl.title} icon="add">
        <DialogBody>{current && <Contribution load={current.load} />}</DialogBody>
      </Dialog>
    </>
  );
}
export const QuickAddDialog: Story = { render: () => <QuickAddDemo /> };

function SettingsDemo() {
  const shell = useShell();
  const page = shell.registry.settings[0]!;
  return <Contribution load={page.load} />;
}
export const SettingsPage: Story = { render: () => <SettingsDemo /> };

function SlotDemo() {
  const shell = useShell();
  const fills = shell.registry.slots.get('demo.customer.tabs') ?? [];
  return (
    <Card>
      <H5>Müşteri: Ayşe Yılmaz</H5>
      <p>Yuva <code>demo.customer.tabs</code>: {fills.length} dolgu</p>
      {/* The UI kit's Slot renders every fill of a slot with the screen's params. */}
      <Slot name="demo.customer.tabs" params={{ customerId: '1' }} />
      <Button variant="minimal" icon="plus" text="Sekme ekle" />
    </Card>
  );
}
export const SlotFill: Story = { render: () => <SlotDemo /> };
