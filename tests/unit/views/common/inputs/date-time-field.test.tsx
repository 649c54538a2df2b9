import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimeField } from '../../../../../src/views/common/inputs/date-time-field.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 4, 15, 10, 30, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = null as string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateTimeField label="Started at" value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Started at');
const value = () => screen.getByTestId('value').textContent;

describe('DateTimeField', () => {
  it("shows a 'YYYY-MM-DD HH:mm:ss' value as MM/DD/YYYY HH:mm:ss", () => {
    renderWithMantine(<Harness initial="2024-03-05 14:07:09" />);
    expect(input().value).toBe('03/05/2024 14:07:09');
  });

  it("gives typed text as 'YYYY-MM-DD HH:mm:ss'", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '03/05/2024 14:07:09');
    expect(value()).toBe('"2024-03-05 14:07:09"');
  });

  it('applies a shortcut with the time of now', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.click(input());
    await user.click(await screen.findByRole('button', { name: 'A week later' }));
    expect(value()).toBe('"2024-05-22 10:30:00"');
    expect(input().value).toBe('05/22/2024 10:30:00');
  });

  it('keeps the entered time when a day is picked in the calendar', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness initial="2024-05-03 08:15:30" />);
    await user.click(input());
    await user.click(await screen.findByRole('button', { name: '20 May 2024' }));
    expect(value()).toBe('"2024-05-20 08:15:30"');
  });
});
