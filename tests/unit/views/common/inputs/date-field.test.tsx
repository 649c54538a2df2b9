import { Drawer } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField } from '../../../../../src/views/common/inputs/date-field.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

// Only Date is faked: user-event needs real timers. Wednesday 15 May 2024, 10:30 local.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 4, 15, 10, 30, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ initial = null as string | null, autoFocus = false }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField
        label="Due date"
        value={value}
        onChange={setValue}
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Due date');
const value = () => screen.getByTestId('value').textContent;

describe('DateField', () => {
  it("shows a 'YYYY-MM-DD' value as MM/DD/YYYY", () => {
    renderWithMantine(<Harness initial="2024-03-05" />);
    expect(input().value).toBe('03/05/2024');
  });

  it("gives a typed MM/DD/YYYY date as 'YYYY-MM-DD'", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '12/31/2024');
    expect(value()).toBe('"2024-12-31"');
    await user.tab();
    expect(input().value).toBe('12/31/2024');
  });

  it('accepts the ISO form typed as well', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.type(input(), '2024-07-01');
    expect(value()).toBe('"2024-07-01"');
  });

  it('offers the shortcuts of docs/product.md §5 and applies one on click', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.click(input());
    const labels = [
      'Today',
      'This Week',
      'Yesterday',
      'A week ago',
      'A week later',
      'This month',
      'Last month',
      'Next month',
    ];
    for (const label of labels)
      expect(await screen.findByRole('button', { name: label })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(value()).toBe('"2024-05-14"');
    expect(input().value).toBe('05/14/2024');
  });

  it('lands Last month on its first day', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    await user.click(input());
    await user.click(await screen.findByRole('button', { name: 'Last month' }));
    expect(value()).toBe('"2024-04-01"');
  });

  it('clears to null when the text is deleted', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness initial="2024-03-05" />);
    await user.clear(input());
    expect(value()).toBe('null');
  });
});

describe('DateField in a drawer', () => {
  function InDrawer({ onClose, autoFocus }: { onClose: () => void; autoFocus?: boolean }) {
    return (
      <Drawer opened onClose={onClose} title="Order">
        <Harness autoFocus={autoFocus} />
      </Drawer>
    );
  }

  it('closes its calendar on Escape, and only a second Escape closes the drawer', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithMantine(<InDrawer onClose={onClose} />);
    await user.click(input());
    await screen.findByRole('dialog', { name: 'Order' });
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has the cursor when the form opens without popping its calendar; a click opens it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithMantine(<InDrawer onClose={onClose} autoFocus />);
    await screen.findByRole('dialog', { name: 'Order' });
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(document.querySelector('[data-dates-dropdown]')).toBeNull();
    await user.click(input());
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});
