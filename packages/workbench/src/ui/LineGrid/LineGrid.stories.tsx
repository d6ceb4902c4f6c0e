import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Card, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { expect, within } from 'storybook/test';
import { LineGrid } from './LineGrid';

const GRID = { display: 'grid', gridTemplateColumns: 'minmax(160px, 2fr) 70px 115px 105px 130px 32px', gap: 8, minWidth: 700 } as const;

/** A form's lines, wider than a phone: the grid scrolls inside its box, the card keeps the page's width. */
function Demo(props: { width: number; lines: number }) {
  return (
    <div style={{ width: props.width, border: '1px dashed #8f99a8', padding: 8 }}>
      <Card>
        <LineGrid label="Satırlar">
          <div style={GRID} aria-hidden="true"><b>Ürün</b><b>Miktar</b><b>Birim fiyat</b><b>KDV</b><b>Depo</b><span /></div>
          {Array.from({ length: props.lines }, (_, i) => (
            <div key={i} role="group" aria-label={`Satır ${i + 1}`} style={{ ...GRID, marginBottom: 4 }}>
              <InputGroup aria-label={`Satır ${i + 1} ürün`} defaultValue={i ? '' : 'Parol 500 mg'} />
              <InputGroup aria-label={`Satır ${i + 1} miktar`} defaultValue="1" />
              <InputGroup aria-label={`Satır ${i + 1} birim fiyat`} defaultValue="42,50" />
              <HTMLSelect aria-label={`Satır ${i + 1} KDV`} options={['%10', '%20']} />
              <HTMLSelect aria-label={`Satır ${i + 1} depo`} options={['Merkez']} />
              <Button icon="trash" variant="minimal" aria-label={`Satır ${i + 1} sil`} />
            </div>
          ))}
        </LineGrid>
      </Card>
    </div>
  );
}

const meta = { title: 'UI/LineGrid', component: Demo, args: { width: 360, lines: 2 } } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At a phone's width: the box is as wide as the card, its lines scroll inside it. */
export const Phone: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('region', { name: 'Satırlar' });
    await expect(box).toHaveClass('tz-line-grid');
    await expect(within(box).getByRole('button', { name: 'Satır 2 sil' })).toBeInTheDocument();
  },
};
/** Wide enough for the lines: nothing scrolls. */
export const Desktop: Story = { args: { width: 1000, lines: 3 } };
