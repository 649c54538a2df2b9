import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Request, RequestOptions } from '../../../../../src/api/request.ts';
import { PRODUCTION_ORDERS } from '../../../../../src/domain/entities/production/production-orders.entity.ts';
import type { TimelineEntry } from '../../../../../src/domain/entity/timeline-entry.ts';
import { EntityRequestContext } from '../../../../../src/views/common/entity-form/entity-request.context.ts';
import { DocumentTimeline } from '../../../../../src/views/common/timeline/document-timeline.tsx';
import { theme } from '../../../../../src/views/theme.ts';

// The timeline as a person reads it: references by the names the server resolved (a product
// by its SKU and name), never '#101'; a row the server could not name keeps its id.

const created: TimelineEntry = {
  kind: 'audit',
  id: 1,
  at: '2026-11-23T01:00:00.000Z',
  by_name: 'Pat Planner',
  from_status: null,
  to_status: null,
  event: 'create',
  reason: null,
  changes: { product_id: [null, 101], flow_id: [null, 7], planned_units: [null, 1200] },
  labels: { 'products:101': 'FG-MANGO-06-30 · Mango 6 mg 30 ml' },
};

const released: TimelineEntry = {
  ...created,
  kind: 'transition',
  id: 2,
  event: 'release',
  from_status: 'approved',
  to_status: 'released',
  changes: {},
  labels: {},
};

function renderTimeline(entries: TimelineEntry[]) {
  const asked: RequestOptions[] = [];
  const request = ((options: RequestOptions) => {
    asked.push(options);
    return Promise.resolve({ status: true, message: 'ok', data: entries });
  }) as unknown as Request;
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter>
        <EntityRequestContext value={request}>
          <DocumentTimeline entity={PRODUCTION_ORDERS} id={42} revision={3} />
        </EntityRequestContext>
      </MemoryRouter>
    </MantineProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('document timeline', () => {
  it('names the product a create set, and keeps the id of a row it could not name', async () => {
    const asked = renderTimeline([created, released]);
    const story = await screen.findByRole('region', { name: 'Timeline' });
    const createLine = (await within(story).findByText('Created')).closest(
      '.mantine-Timeline-item',
    );
    expect(createLine).not.toBeNull();
    const text = createLine!.textContent ?? '';
    expect(text).toContain('Product: FG-MANGO-06-30 · Mango 6 mg 30 ml');
    expect(text).not.toContain('#101');
    expect(text).toContain('Flow: #7');
    expect(text).toContain('Planned units: 1,200');
    expect(within(story).getByText('Release')).toBeTruthy();
    expect(asked.map((o) => o.url)).toEqual([`timeline/${PRODUCTION_ORDERS.name}/42`]);
  });

  it('reads a write logged under ORM or line keys in words, never "Productid: 101"', async () => {
    renderTimeline([
      {
        ...created,
        id: 3,
        event: 'update',
        // A write through the ORM logs camelCase names; a line's change its group and row.
        changes: { productId: [null, 101], 'items.5.coa_attachment_id': [null, 3] },
        labels: { 'products:101': 'FG-MANGO-06-30 · Mango', 'attachments:3': 'coa-lot-7.pdf' },
        refs: { 'items.5.coa_attachment_id': 'attachments' },
      },
    ]);
    const story = await screen.findByRole('region', { name: 'Timeline' });
    const line = (await within(story).findByText('Edited')).closest('.mantine-Timeline-item');
    const text = line!.textContent ?? '';
    expect(text).toContain('Product: FG-MANGO-06-30 · Mango');
    expect(text).toContain('Item · CoA attachment: coa-lot-7.pdf');
    expect(text).not.toMatch(/id: \d|Productid/i);
  });
});
