import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NumberField,
  type NumberFieldProps,
} from '../../../../../src/views/common/inputs/number-field.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

afterEach(cleanup);

function Harness(props: Omit<NumberFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <NumberField label="Quantity" value={value} onChange={setValue} {...props} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const value = () => screen.getByTestId('value').textContent;

describe('NumberField', () => {
  it('accepts whole numbers only by default', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '12.5');
    expect(value()).toBe('125');
  });

  it('keeps `precision` decimals', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness precision={3} />);
    await user.type(input(), '1.23456');
    expect(value()).toBe('1.234');
  });

  it('clamps to max when the field is left', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness min={1} max={10} />);
    await user.type(input(), '25');
    expect(value()).toBe('25');
    await user.tab();
    expect(value()).toBe('10');
    expect(input().value).toBe('10');
  });

  it('refuses negatives when min is 0 or more, allows them otherwise', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness min={0} />);
    await user.type(input(), '-3');
    expect(value()).toBe('3');
    cleanup();
    renderWithMantine(<Harness min={-10} />);
    await user.type(input(), '-3');
    expect(value()).toBe('-3');
  });
});
