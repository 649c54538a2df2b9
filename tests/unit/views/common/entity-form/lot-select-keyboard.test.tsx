import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Request, RequestOptions } from '../../../../../src/api/request.ts';
import type { LotChoice } from '../../../../../src/domain/entities/stock/lot-choice.ts';
import type { EntityField } from '../../../../../src/domain/entity/entity-field.ts';
import { EntityRequestContext } from '../../../../../src/views/common/entity-form/entity-request.context.ts';
import type { FormValues } from '../../../../../src/views/common/entity-form/form-values.ts';
import { LotSelect } from '../../../../../src/views/common/entity-form/lot-select.tsx';
import { theme } from '../../../../../src/views/theme.ts';

// The lot picker by keyboard: focus it, ArrowDown opens it on the first lot (the first to
// expire), Enter takes it; each further ArrowDown the next. Mantine's Select opening on focus
// left Enter on nothing when the browser handled the ArrowDown before Select's deferred index
// update (cf. mantine#6978); the first test replays that order with fake timers.

const LOTS: LotChoice[] = [
  {
    lot_id: 11,
    lot_no: 'L-SOON',
    expiry_date: '2026-12-15',
    status: 'released',
    on_hand: 40,
    available: 40,
    measure_code: 'ea',
  },
  {
    lot_id: 12,
    lot_no: 'L-LATE',
    expiry_date: '2027-03-01',
    status: 'released',
    on_hand: 25,
    available: 25,
    measure_code: 'ea',
  },
  {
    lot_id: 13,
    lot_no: 'L-NEVER',
    expiry_date: null,
    status: 'released',
    on_hand: 10,
    available: 10,
    measure_code: 'ea',
  },
];

const FIELD = {
  name: 'lot_id',
  label: 'Lot',
  kind: 'ref',
  ref: { entity: 'stock_lots', labelField: 'lot_no' },
  lotAt: { product: 'product_id', location: 'location_id' },
} as EntityField & { lotAt: { product: string; location: string } };

/** How long the server takes to answer the lots, in ms. */
let answerAfter = 20;

/** Answers the lots of any product at any location, after a moment as the server does. */
const request = ((options: RequestOptions) =>
  new Promise((resolve) =>
    setTimeout(() => {
      const data = options.url.includes('lots-at') ? LOTS : [];
      resolve({ status: true, message: 'ok', data });
    }, answerAfter),
  )) as unknown as Request;

let chosen: FormValues = {};

function Line() {
  const form = useForm<FormValues>({
    initialValues: { location_id: 1, lines: [{ product_id: 5, lot_id: null }] },
    onValuesChange: (values) => {
      chosen = values;
    },
  });
  return (
    <>
      <input aria-label="Before" />
      <LotSelect field={FIELD} form={form} path="lines.0.lot_id" label="Lot (line 1)" />
    </>
  );
}

function renderLine() {
  render(
    <MantineProvider theme={theme} env="test">
      <EntityRequestContext value={request}>
        <Line />
      </EntityRequestContext>
    </MantineProvider>,
  );
}

const lotOf = () => (chosen.lines as { lot_id: unknown }[] | undefined)?.[0]?.lot_id;
const picker = () => screen.getByRole('combobox', { name: 'Lot (line 1)' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanup();
  answerAfter = 20;
  chosen = {};
});

describe('the lot picker by keyboard', () => {
  it('takes the first lot with ArrowDown then Enter, as a browser orders keys and timers', async () => {
    // A browser handles a key before a pending 0 ms timer, and the timer before the next key:
    // with Mantine's Select opening on focus, its deferred 'active option' lookup then landed
    // on top of the ArrowDown and left Enter on nothing. Fake timers replay that order.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library runs the 0 ms timers after each user-event call only for Jest's clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ delay: null });
    renderLine();
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => picker().focus());
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(lotOf()).toBe(11);
    expect((picker() as HTMLInputElement).value).toBe('L-SOON · 40 ea available · exp 12/15/2026');
  });

  it('opened by a click before the lots arrive, takes the first once they are in', async () => {
    answerAfter = 300;
    const user = userEvent.setup();
    renderLine();
    await user.click(picker());
    expect(screen.getByText('Loading…')).toBeTruthy();
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(lotOf()).toBe(11));
  });

  it('highlights the first lot when a click opens it, which Enter takes', async () => {
    const user = userEvent.setup();
    renderLine();
    await waitFor(() => expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(3));
    await user.click(picker());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lotOf()).toBe(11));
  });

  it('moves on with each ArrowDown and back with ArrowUp, and keeps a lot Enter takes again', async () => {
    const user = userEvent.setup();
    renderLine();
    await user.click(screen.getByLabelText('Before'));
    await waitFor(() => expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(3));
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(lotOf()).toBe(12));
    // Opened again on the chosen lot: Enter keeps it rather than clearing it.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByRole('combobox', { expanded: false })).toBeTruthy());
    expect(lotOf()).toBe(12);
  });
});
