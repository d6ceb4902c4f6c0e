import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Footer, PrivacyDialog } from './Footer';

/** The four footer variants; 1 and 3 link the privacy notice, shown in a modal. */
const meta = {
  title: 'Shell/Footer',
  component: Footer,
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variant1: Story = { args: { variant: 1 } };
export const Variant2: Story = { args: { variant: 2 } };
export const Variant3: Story = { args: { variant: 3 } };
export const Variant4: Story = { args: { variant: 4 } };
export const PrivacyNotice: Story = {
  args: { variant: 1 },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: /Aydınlatma Metni/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('dialog')).toBeInTheDocument();
  },
};
export const PrivacyDialogOpen: StoryObj<typeof PrivacyDialog> = {
  render: () => <PrivacyDialog isOpen onClose={() => {}} />,
};
