import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { Pager } from './Pager';

/** The pager under a list a screen pages itself: 23 rows, 10 a page. */
function Demo(props: { total: number }) {
  const [page, setPage] = useState(0);
  return (
    <div style={{ padding: 24 }}>
      <p>Sayfa içeriği: {page * 10 + 1}–{Math.min(props.total, page * 10 + 10)}</p>
      <Pager page={page} size={10} total={props.total} onPage={setPage} />
    </div>
  );
}

const meta = { title: 'UI/Pager', component: Demo, args: { total: 23 } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};
export const Empty: Story = { args: { total: 0 } };
export const NextPage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Sonraki' }));
  },
};
