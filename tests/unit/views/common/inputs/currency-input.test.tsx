import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrencyInput } from '../../../../../src/views/common/inputs/currency-input.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

afterEach(cleanup);

function Harness({ initial = '' as number | string }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <>
      <CurrencyInput label="Price" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Price');
const value = () => screen.getByTestId('value').textContent;

describe('CurrencyInput', () => {
  it('shows a value with a $ prefix, grouping and two decimals', () => {
    renderWithMantine(<Harness initial={1234.5} />);
    expect(input().value).toBe('$1,234.50');
  });

  it('gives the typed amount as a number', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '12.34');
    expect(value()).toBe('12.34');
  });

  it('keeps at most two decimals', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '5.678');
    expect(value()).toBe('5.67');
  });

  it('refuses a minus sign: the minimum is 0', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '-8');
    expect(value()).toBe('8');
    expect(input().value).toBe('$8.00');
  });

  it('gives a number even while trailing zeros are shown', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '3.5');
    expect(value()).toBe('3.5');
    expect(input().value).toBe('$3.50');
  });

  it("gives '' when emptied", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness initial={12} />);
    await user.clear(input());
    expect(value()).toBe('""');
  });
});
