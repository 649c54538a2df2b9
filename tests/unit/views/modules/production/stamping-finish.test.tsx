import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../../../src/api/entity.api.ts';
import { STAMPING_ORDERS } from '../../../../../src/domain/entities/production/stamping-orders.entity.ts';
import { formatInteger } from '../../../../../src/domain/formats/number.format.ts';
import { StampingFinishPage } from '../../../../../src/views/modules/production/stamping/stamping-finish.page.tsx';
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

// The finish page against a real server with the demo data: the demo's ready stamping order is
// started and issued through the API, then the stamper enters the reel's counts and sees the
// running difference and the counter check before Finish is enabled; Finish reconciles the
// order on the server.

let server: FormServer;
let order: EntityRow & { reels: Array<{ issued_qty: number; reel_no: string }> };

beforeAll(async () => {
  server = await startFormServer();
  const list = await server.callAs<ListPage>(
    'stamper',
    'GET',
    `${STAMPING_ORDERS.api}?per_page=50`,
  );
  const ready = list.rows.find((r) => r.status === 'ready')!;
  const reels = await server.callAs<Array<{ id: number }>>(
    'stamper',
    'GET',
    `${STAMPING_ORDERS.api}/${ready.id}/available-reels`,
  );
  const started = await server.callAs<EntityRow>(
    'stamper',
    'POST',
    `${STAMPING_ORDERS.api}/${ready.id}/events/start`,
    { body: { version: ready.version, reel_ids: [reels[0]!.id] } },
  );
  await server.callAs(
    'stamp_inventory',
    'POST',
    `/api/production/pending_reels/stamping-orders/${ready.id}/events/issue`,
    {
      body: { version: started.version },
    },
  );
  order = await server.callAs('stamper', 'GET', `${STAMPING_ORDERS.api}/${ready.id}`);
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

describe('the stamping finish page', () => {
  it('shows each reel’s running difference and finishes once everything reconciles', async () => {
    const request = await server.requestAs('stamper');
    renderForm(
      request,
      [{ path: '/production/product-stamping-orders/finish/:id', element: <StampingFinishPage /> }],
      [`/production/product-stamping-orders/finish/${order.id}`],
      await signedInServices(request),
    );
    const user = userEvent.setup();
    const reel = order.reels[0]!;
    const issued = reel.issued_qty;
    const finish = await screen.findByRole('button', { name: 'Finish' });
    // The order's story beside the counts: started by the stamper, its reel issued.
    const story = screen.getByRole('region', { name: 'Timeline' });
    expect(await within(story).findByText('Start')).toBeTruthy();
    expect(within(story).getByText('Issue')).toBeTruthy();
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    // Nothing entered: the whole reel is unaccounted for, its count grouped by thousands.
    const difference = () => screen.getByTestId(`difference-${reel.reel_no}`).textContent;
    expect(difference()).toBe(`+${formatInteger(issued)}`);

    await user.type(screen.getByLabelText(`applied of reel ${reel.reel_no}`), '{selectall}20');
    await user.type(screen.getByLabelText(`wasted of reel ${reel.reel_no}`), '{selectall}1');
    expect(difference()).toBe(`+${formatInteger(issued - 21)}`);
    await user.type(
      screen.getByLabelText(`returned of reel ${reel.reel_no}`),
      `{selectall}${issued - 21}`,
    );
    expect(difference()).toBe('0');
    expect(screen.getByText('Enter the counter at the end')).toBeTruthy();
    await user.type(
      screen.getByLabelText('Counter at end'),
      String(Number(order.counter_start) + 21),
    );
    await waitFor(() => expect(screen.getByText('Every reel is accounted for.')).toBeTruthy());
    expect((finish as HTMLButtonElement).disabled).toBe(false);

    await user.click(finish);
    await waitFor(async () => {
      const after = await server.callAs<EntityRow>(
        'stamper',
        'GET',
        `${STAMPING_ORDERS.api}/${order.id}`,
      );
      expect(after).toMatchObject({ status: 'finished', stamped_units: 20, wasted_stamps: 1 });
    });
    expect(await within(story).findByText('Finish')).toBeTruthy();
  });
});
