import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateInput, maskDisplayDate, readDisplayDate } from './DateInput';

function Harness(props: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <>
      <label htmlFor="d">Tarih</label>
      <DateInput id="d" value={value} max="2026-12-31" onValueChange={(v) => { props.seen.push(v); setValue(v); }} />
      <button type="button" onClick={() => setValue('2020-02-29')}>preset</button>
    </>
  );
}

describe('DateInput', () => {
  it('shows an ISO date as DD/MM/YYYY, not in the browser locale, and is a text field', () => {
    render(<Harness initial="2026-01-05" seen={[]} />);
    const input = screen.getByLabelText('Tarih');
    expect(input).toHaveValue('05/01/2026');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'GG/AA/YYYY');
  });

  it('shapes typed digits as DD/MM/YYYY and hands the form an ISO date once whole', async () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const input = screen.getByLabelText('Tarih');
    const user = userEvent.setup();
    await user.type(input, '3112202');
    expect(input).toHaveValue('31/12/202');
    expect(seen.at(-1)).toBe('31/12/202');
    await user.type(input, '5');
    expect(input).toHaveValue('31/12/2025');
    expect(seen.at(-1)).toBe('2025-12-31');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    expect(seen.at(-1)).toBe('');
    await user.type(input, '31/02/2025');
    expect(input).toHaveValue('31/02/2025');
    expect(seen.at(-1)).toBe('31/02/2025');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '01/01/2027');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'preset' }));
    expect(input).toHaveValue('29/02/2020');
  });

  it('reads only whole, real dates', () => {
    expect(readDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(readDisplayDate('29/02/2025')).toBeNull();
    expect(readDisplayDate('2025-02-01')).toBeNull();
    expect(readDisplayDate('1/2/2025')).toBeNull();
    expect(maskDisplayDate('2025-02-01')).toBe('20/25/0201');
    expect(maskDisplayDate('0102')).toBe('01/02');
  });
});
