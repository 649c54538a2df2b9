import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../../../src/api/entity.api.ts';
import { toQueryString } from '../../../../../src/api/query-string.ts';
import { DAILY_ORDERS } from '../../../../../src/domain/entities/production/daily-orders.entity.ts';
import { PRODUCTION_ORDERS } from '../../../../../src/domain/entities/production/production-orders.entity.ts';
import { productionPages } from '../../../../../src/views/modules/production/production.pages.tsx';
import {
  FORM_SERVER_START_MS,
  type FormServer,
  startFormServer,
} from '../../common/entity-form/form-server.ts';
import {
  cleanupForm,
  renderForm,
  signedInServices,
} from '../../common/entity-form/render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// A planner accepting a daily order of stamped goods, against a real server with the demo: the
// accept button asks which flow its production orders follow, a flow without a stamping step
// is refused with the server's reason and changes nothing, and cancelling the question sends
// nothing at all.

let server: FormServer;
let stampedId: number;
let destinationId: number;
beforeAll(async () => {
  server = await startFormServer();
  const find = async (path: string, field: string, value: string) => {
    const filter = [{ field, field_type: 'text', filters: [{ operator: 'equals', value }] }];
    const page = await server.callAs<ListPage>(
      'admin',
      'GET',
      `${path}?${toQueryString({ filter })}`,
    );
    return page.rows[0]!.id;
  };
  stampedId = await find('/api/inventory/products', 'sku', 'FG-MANGO-06-30-ON');
  destinationId = await find('/api/general/locations', 'code', 'DC-MTL');
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

/** A submitted daily order of one line of the stamped good. */
async function submitted(): Promise<EntityRow> {
  const draft = await server.callAs<EntityRow>('requester', 'POST', DAILY_ORDERS.api, {
    body: {
      order_date: '2026-12-04',
      location_id: destinationId,
      lines: [{ product_id: stampedId, qty_units: 24 }],
    },
  });
  return server.callAs<EntityRow>(
    'requester',
    'POST',
    `${DAILY_ORDERS.api}/${draft.id}/events/submit`,
    {
      body: { version: draft.version },
    },
  );
}

const Page = productionPages['production.daily-order']!;

async function openAsPlanner(id: number) {
  const request = await server.requestAs('planning');
  renderForm(
    request,
    [{ path: '/production/daily-order/:id', element: <Page /> }],
    [`/production/daily-order/${id}`],
    await signedInServices(request),
  );
  await screen.findByLabelText('Document actions');
}

const read = (id: number) => server.callAs<EntityRow>('admin', 'GET', `${DAILY_ORDERS.api}/${id}`);

async function chooseFlow(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept' }));
  const dialog = await screen.findByRole('dialog', { name: 'Accept daily order' });
  // The picker has the focus: the planner types to narrow the flows, then picks one.
  await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Flow'));
  await user.keyboard(name.slice(0, 7));
  await user.click(await screen.findByRole('option', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
}

describe('accepting a daily order', () => {
  it('asks for the flow and plans the orders on the one chosen', async () => {
    const order = await submitted();
    await openAsPlanner(order.id);
    await chooseFlow('Stamped e-liquid to transfer');
    await screen.findByText(/: Accepted$/);
    const accepted = await read(order.id);
    expect(accepted.status).toBe('accepted');
    const [line] = accepted.lines as EntityRow[];
    const mo = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `${PRODUCTION_ORDERS.api}/${String(line!.production_order_id)}`,
    );
    expect(mo.flow_name).toBe('Stamped e-liquid to transfer');
  });

  it("shows the server's refusal of a flow that cannot stamp, and changes nothing", async () => {
    const order = await submitted();
    await openAsPlanner(order.id);
    await chooseFlow('E-liquid to transfer');
    await screen.findByText(/FG-MANGO-06-30-ON needs excise stamps/);
    const after = await read(order.id);
    expect(after.status).toBe('submitted');
    expect((after.lines as EntityRow[])[0]!.production_order_id).toBeNull();
  });

  it('sends nothing when the planner cancels the question', async () => {
    const user = userEvent.setup();
    const order = await submitted();
    await openAsPlanner(order.id);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept daily order' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await read(order.id)).version).toBe(order.version);
  });
});
