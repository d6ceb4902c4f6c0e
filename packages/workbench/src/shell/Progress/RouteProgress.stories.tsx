import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@blueprintjs/core';
import { userEvent, within } from 'storybook/test';
import { RouteProgress } from './RouteProgress';

/** The page-change progress bar: it runs on a change and completes after 300 ms. */
function Demo() {
  const [n, setN] = useState(0);
  return (
    <div style={{ padding: 24 }}>
      <RouteProgress routeKey={String(n)} />
      <Button icon="arrow-right" text={`Sayfa değiştir (${n})`} onClick={() => setN(n + 1)} />
    </div>
  );
}

const meta = { title: 'Shell/RouteProgress', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Running: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button'));
  },
};
