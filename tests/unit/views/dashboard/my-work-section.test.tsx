import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyWork } from '../../../../src/domain/my-work.ts';
import { MyWorkView } from '../../../../src/views/dashboard/my-work-section.tsx';
import { renderWithMantine } from '../common/render-with-mantine.tsx';

// The "My work" section as each state reads: the queues grouped with their counts and links,
// the empty state, and a failed read over the last work.

afterEach(cleanup);

const WORK: MyWork = {
  queues: [
    {
      key: 'orders_to_label',
      group: 'floor',
      title: 'Orders to label',
      count: 7,
      href: '/production/production-orders',
      items: [
        {
          id: 12,
          label: 'MO-00012',
          detail: 'Mango 6 mg · 120 units',
          href: '/production/production-orders/12',
        },
        { id: 14, label: 'MO-00014', detail: '', href: '/production/production-orders/14' },
      ],
    },
    {
      key: 'pending_orders',
      group: 'approvals',
      title: 'Production orders to approve',
      count: 1,
      href: '/production/pending-orders',
      items: [
        {
          id: 9,
          label: 'MO-00009',
          detail: 'Lime · 10 units',
          href: '/production/pending-orders?open=9',
        },
      ],
    },
  ],
  live: [],
};

const show = (state: Parameters<typeof MyWorkView>[0]['state']) =>
  renderWithMantine(
    <MemoryRouter>
      <MyWorkView state={state} />
    </MemoryRouter>,
  );

describe('MyWorkView', () => {
  it('lists each queue under its group with its count, its rows and the whole list', () => {
    show({ status: 'ready', work: WORK });
    const section = screen.getByRole('region', { name: 'My work' });
    expect(within(section).getByText(/8 items wait/)).toBeTruthy();
    const labeling = screen.getByRole('region', { name: 'Orders to label' });
    expect(within(labeling).getByLabelText('7 waiting')).toBeTruthy();
    expect(within(labeling).getByRole('link', { name: 'MO-00012' }).getAttribute('href')).toBe(
      '/production/production-orders/12',
    );
    expect(within(labeling).getByText(/Mango 6 mg · 120 units/)).toBeTruthy();
    expect(within(labeling).getByRole('link', { name: 'See all 7' }).getAttribute('href')).toBe(
      '/production/production-orders',
    );
    const approvals = screen.getByRole('region', { name: 'Production orders to approve' });
    expect(within(approvals).getByRole('link', { name: 'Open the list' })).toBeTruthy();
    // Decisions come before floor steps.
    const headings = screen
      .getAllByText(/Waiting for your approval|At your step/)
      .map((e) => e.textContent);
    expect(headings).toEqual(['Waiting for your approval', 'At your step']);
  });

  it('reaches every link with the keyboard', async () => {
    const user = userEvent.setup();
    show({ status: 'ready', work: WORK });
    const reached: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      reached.push(document.activeElement?.textContent ?? '');
    }
    expect(reached).toEqual(['MO-00009', 'Open the list', 'MO-00012', 'MO-00014', 'See all 7']);
  });

  it('says nothing waits when every queue is empty', () => {
    show({ status: 'ready', work: { queues: [], live: [] } });
    expect(screen.getByText('Nothing waits for you right now.')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('says a read failed and keeps the work read before', () => {
    show({ status: 'failed', work: WORK });
    expect(screen.getByRole('alert').textContent).toContain('Your work could not be read.');
    expect(screen.getByRole('link', { name: 'MO-00012' })).toBeTruthy();
  });

  it('says it is reading before the first answer', () => {
    show({ status: 'loading' });
    expect(screen.getByText('Reading what waits for you…')).toBeTruthy();
  });
});
