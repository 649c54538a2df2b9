import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  filterableFields,
  type EntityDeclaration,
} from '../../../../../src/domain/entity/entity-declaration.ts';
import { PRODUCTS } from '../../../../../src/domain/entities/inventory/products.entity.ts';
import { HPLC_REQUESTS } from '../../../../../src/domain/entities/production/hplc-requests.entity.ts';
import { PROVINCES } from '../../../../../modules/general/shared/entities/provinces.entity.ts';
import { nextSort } from '../../../../../src/domain/table-filter/next-sort.ts';
import type { TableSort } from '../../../../../src/domain/table-filter/table-query.types.ts';
import type { LiveListEvent } from '../../../../../src/streams/live-list.store.ts';
import { defaultLayout, gridFields } from '../../../../../src/views/common/grid/column-layout.ts';
import { EntityGrid } from '../../../../../src/views/common/grid/entity-grid.tsx';
import type { GridQueryState } from '../../../../../src/views/common/grid/grid-query.context.ts';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ServicesContext } from '../../../../../src/views/services.context.ts';
import { servicesFor } from '../entity/render-document-actions.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

afterEach(cleanup);

const row = (id: number, name: string, version = 1): EntityRow => ({
  id,
  version,
  seq: 1,
  code: name.slice(0, 2).toUpperCase(),
  name,
  country_id: 1,
  country_name: 'Canada',
});

function Harness({
  events$,
  onOpen,
  entity = PROVINCES,
}: {
  events$: Subject<LiveListEvent>;
  onOpen?: (r: EntityRow) => void;
  entity?: EntityDeclaration;
}) {
  const [sort, setSort] = useState<TableSort | null>(null);
  const fields = gridFields(entity);
  const query: GridQueryState = {
    fields,
    filterable: filterableFields(entity),
    sort,
    onSort: (field) => setSort((s) => nextSort(s, field)),
    filters: new Map(),
    onFilter: () => undefined,
    loadOptions: () => Promise.resolve([]),
  };
  return (
    <>
      <output data-testid="sort">{sort ? `${sort.field} ${sort.direction}` : 'none'}</output>
      <EntityGrid
        query={query}
        layout={defaultLayout(entity)}
        onLayout={() => undefined}
        events$={events$}
        onOpen={onOpen}
        height={400}
        renderAll
      />
    </>
  );
}

describe('the entity grid', () => {
  it('shows a snapshot, formats a reference by its label, and applies deltas', async () => {
    const events$ = new Subject<LiveListEvent>();
    renderWithMantine(<Harness events$={events$} />);
    await screen.findByTestId('header-name');
    events$.next({
      type: 'snapshot',
      rows: [row(1, 'Ontario'), row(2, 'Quebec')],
      total: 2,
      seq: 1,
    });
    await screen.findByText('Ontario');
    expect(screen.getAllByText('Canada').length).toBeGreaterThan(0);
    events$.next({ type: 'changes', update: [row(1, 'Ontario (ON)', 2)], remove: [2], outside: 0 });
    await screen.findByText('Ontario (ON)');
    await waitFor(() => expect(screen.queryByText('Quebec')).toBeNull());
  });

  it('cycles the sort of a header none → asc → desc → none', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness events$={new Subject()} />);
    const header = await screen.findByTestId('header-name');
    const button = within(header).getByRole('button', { name: 'Sort by Name' });
    expect(screen.getByTestId('sort').textContent).toBe('none');
    await user.click(button);
    expect(screen.getByTestId('sort').textContent).toBe('name asc');
    await waitFor(() =>
      expect(header.closest('[role="columnheader"]')?.getAttribute('aria-sort')).toBe('ascending'),
    );
    await user.click(button);
    expect(screen.getByTestId('sort').textContent).toBe('name desc');
    await user.click(button);
    expect(screen.getByTestId('sort').textContent).toBe('none');
  });

  it('sorts a reference column by its label', async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness events$={new Subject()} />);
    const header = await screen.findByTestId('header-country_id');
    await user.click(within(header).getByRole('button', { name: 'Sort by Country' }));
    expect(screen.getByTestId('sort').textContent).toBe('country_name asc');
  });

  it('opens a row on double-click', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const events$ = new Subject<LiveListEvent>();
    renderWithMantine(<Harness events$={events$} onOpen={onOpen} />);
    await screen.findByTestId('header-name');
    events$.next({ type: 'snapshot', rows: [row(1, 'Ontario')], total: 1, seq: 1 });
    await user.dblClick(await screen.findByText('Ontario'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('sorts from the keyboard with Enter on a focused header, and opens a row with Enter', async () => {
    const onOpen = vi.fn();
    const events$ = new Subject<LiveListEvent>();
    renderWithMantine(<Harness events$={events$} onOpen={onOpen} />);
    await screen.findByTestId('header-name');
    const headerCell = document.querySelector<HTMLElement>('.ag-header-cell[col-id="name"]');
    if (!headerCell) throw new Error('no header cell');
    fireEvent.keyDown(headerCell, { key: 'Enter' });
    expect(screen.getByTestId('sort').textContent).toBe('name asc');

    events$.next({ type: 'snapshot', rows: [row(1, 'Ontario')], total: 1, seq: 1 });
    const cell = await screen.findByText('Ontario');
    fireEvent.keyDown(cell.closest('[role="gridcell"]') ?? cell, { key: 'Enter' });
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
  });

  it('shows each cell in its field kind’s format: counts whole in their unit, costs in CAD', async () => {
    const events$ = new Subject<LiveListEvent>();
    renderWithMantine(<Harness events$={events$} entity={PRODUCTS} />);
    await screen.findByTestId('header-sku');
    const product: EntityRow = {
      id: 7,
      version: 1,
      seq: 1,
      sku: 'FG-MANGO-60',
      name: 'Mango 60 ml',
      measure_code: 'ea',
      reorder_point: '45000.000',
      standard_cost: '0.0125',
      volume_ml: '2937.6',
      nicotine_mg: '3.000',
    };
    events$.next({ type: 'snapshot', rows: [product], total: 1, seq: 1 });
    await screen.findByText('FG-MANGO-60');
    // Not '45000.000': a count of eaches is whole, grouped, and says its unit.
    expect(screen.getByText('45,000 ea')).toBeTruthy();
    expect(screen.getByText('$0.0125')).toBeTruthy();
    expect(screen.getByText('2,937.60')).toBeTruthy();
    expect(screen.getByText('3.000')).toBeTruthy();
  });

  it('shows a link to a page the person may open, and the same words as text otherwise', async () => {
    const request: EntityRow = {
      id: 4,
      version: 1,
      seq: 1,
      number: 'HR-4',
      rd_sample_id: 9,
      rd_sample_number: 'SM-9',
    };
    const modules = ['general', 'production', 'rd'];
    const linkFor = async (roles: string[]) => {
      const services = await servicesFor({
        id: 5,
        username: 'u',
        name: 'U',
        company: 'C',
        email: 'u@example.com',
        timezone: 'America/Toronto',
        roles,
        modules,
        config: {},
        is_demo: 1,
        version: 1,
        guides_read: [],
      });
      const events$ = new Subject<LiveListEvent>();
      const view = renderWithMantine(
        <ServicesContext value={services}>
          <MemoryRouter>
            <Harness events$={events$} entity={HPLC_REQUESTS} />
          </MemoryRouter>
        </ServicesContext>,
      );
      await screen.findByTestId('header-rd_sample_number');
      events$.next({ type: 'snapshot', rows: [request], total: 1, seq: 1 });
      const cell = await screen.findByText('SM-9');
      const link = cell.closest('a')?.getAttribute('href') ?? null;
      view.unmount();
      return link;
    };
    expect(await linkFor(['rd_supervisor', 'qa_manager'])).toBe('/rd/sample/specifications/9');
    // The lab may not open R&D samples (docs/product.md §6): the number
    // reads as text, not a refusal.
    expect(await linkFor(['hplc_tech'])).toBeNull();
  });
});
