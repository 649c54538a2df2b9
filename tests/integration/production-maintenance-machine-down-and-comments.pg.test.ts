import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  WORK_ORDER_COMMENTS_REPORT,
  WORK_ORDERS,
} from '../../src/domain/entities/production/work-orders.entity.ts';
import { connectEcho, subscribed, waitFor } from '../support/echo-client.ts';
import { type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import { maintenanceSuite } from '../support/maintenance-suite.ts';

// Machine maintenance (docs/domain/production.md §3.4): the machine-down invariant with its status
// logs and downtime, comments on work orders and their report, and the broadcasts on
// private-production.machines. Issues and the work order lifecycle are in
// production-maintenance.pg.test.ts.

describe.each(backends())('machine down, comments and realtime on %s', (backend) => {
  const m = maintenanceSuite(backend);
  const { sql_, newMachine, requested, step, machineStatus, statusLogs } = m;
  let supervisor: EntityApiClient;
  let tech: EntityApiClient;
  let batcher: EntityApiClient;
  let outsider: EntityApiClient;
  beforeAll(() => {
    ({ supervisor, tech, batcher, outsider } = m.people());
  });

  describe('the machine-down invariant', () => {
    it('keeps a machine down while a machine_down order is unresolved, logging each change', async () => {
      const machine = await newMachine();
      const first = await requested(machine.id, { machine_down: true });
      expect(await machineStatus(machine.id)).toBe('down');
      const second = await requested(machine.id, { machine_down: true });
      await requested(machine.id); // not down: changes nothing
      expect(await statusLogs(machine.id)).toEqual([
        { from_status: 'operational', to_status: 'down', work_order_id: first.id },
      ]);
      // Rejecting one leaves the other holding the machine down.
      await step(supervisor, first, 'reject', { reason: 'Same fault as the next one' });
      expect(await machineStatus(machine.id)).toBe('down');
      let doc = await step(supervisor, second, 'approve');
      doc = await step(tech, doc, 'start');
      doc = await step(tech, doc, 'hold', { reason: 'Part ordered' });
      expect(await machineStatus(machine.id)).toBe('down');
      doc = await step(tech, doc, 'resume');
      // Reported 90 minutes ago: the downtime runs from the report to the completion.
      await sql_(
        sql`update work_orders set opened_at = now() - interval '90 minutes' where id = ${doc.id}`,
      );
      doc = (await tech.get<Row>(`${WORK_ORDERS.api}/${doc.id}`)).data;
      doc = await step(tech, doc, 'complete', { resolution: 'Belt replaced' });
      expect(doc.downtime_minutes).toBeGreaterThanOrEqual(90);
      expect(doc.downtime_minutes).toBeLessThan(100);
      expect(await machineStatus(machine.id)).toBe('operational');
      // Reopened, the machine is down again; completed again, back up with the downtime summed.
      doc = await step(supervisor, doc, 'reopen');
      expect(await machineStatus(machine.id)).toBe('down');
      doc = await step(tech, doc, 'start');
      doc = await step(tech, doc, 'complete', { resolution: 'Tensioner adjusted' });
      expect(doc.downtime_minutes).toBeGreaterThanOrEqual(90);
      expect(doc.downtime_minutes).toBeLessThan(100);
      expect(await machineStatus(machine.id)).toBe('operational');
      expect(await statusLogs(machine.id)).toEqual([
        { from_status: 'operational', to_status: 'down', work_order_id: first.id },
        { from_status: 'down', to_status: 'operational', work_order_id: second.id },
        { from_status: 'operational', to_status: 'down', work_order_id: second.id },
        { from_status: 'down', to_status: 'operational', work_order_id: second.id },
      ]);
    });

    it('follows the machine_down flag when the admins change it, and leaves a hand-set down alone', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      expect(await machineStatus(machine.id)).toBe('operational');
      const down = await supervisor.send<Row>('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: doc.version,
        machine_down: true,
      });
      expect(down.httpStatus).toBe(200);
      expect(await machineStatus(machine.id)).toBe('down');
      const up = await supervisor.send<Row>('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: down.data.version,
        machine_down: 0,
      });
      expect(up.httpStatus).toBe(200);
      expect(await machineStatus(machine.id)).toBe('operational');

      const manual = await newMachine('down');
      const other = await requested(manual.id);
      await step(supervisor, other, 'reject', { reason: 'Not a fault' });
      expect(await machineStatus(manual.id)).toBe('down');
      expect(await statusLogs(manual.id)).toEqual([]);
    });
  });

  describe('comments', () => {
    it('adds comments to an order, lists them and reports them with filters', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      const url = `${WORK_ORDERS.api}/${doc.id}/comments`;
      const first = await batcher.send<Row>('POST', url, {
        body: 'It started after the shift change',
      });
      expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
      expect(first.data).toMatchObject({
        work_order_id: doc.id,
        body: 'It started after the shift change',
        attachments: [],
      });
      const second = await tech.send<Row>('POST', url, {
        body: 'Photo of the seal',
        attachments: [{ name: 'seal.jpg', url: 'https://files.example/seal.jpg' }],
      });
      expect(second.httpStatus).toBe(201);
      for (const bad of [
        'javascript:alert(1)',
        'data:text/html,<b>x</b>',
        'ftp://files.example/x',
      ]) {
        const link = await tech.send('POST', url, {
          body: 'Link',
          attachments: [{ name: 'x', url: bad }],
        });
        expect(link.httpStatus, bad).toBe(422);
        expect(link.data, bad).toEqual({ 'attachments.0.url': 'in' });
      }
      expect((await tech.send('POST', url, { body: '  ' })).httpStatus).toBe(422);
      expect((await outsider.send('POST', url, { body: 'Hi' })).httpStatus).toBe(403);
      expect(
        (await batcher.send('POST', `${WORK_ORDERS.api}/999999/comments`, { body: 'x' }))
          .httpStatus,
      ).toBe(404);
      const listed = await batcher.get<Row[]>(url);
      expect(listed.data.map((c) => c.body)).toEqual([
        'It started after the shift change',
        'Photo of the seal',
      ]);
      expect(listed.data[1]).toMatchObject({ created_by_name: 'Felix Wagner' });

      const byMachine = {
        filter: [
          {
            field: 'machine_id',
            field_type: 'number',
            filters: [
              {
                logic_operator: 'and',
                operator: 'equals',
                value_type: 'value',
                value: machine.id,
              },
            ],
          },
          {
            field: 'created_at',
            field_type: 'datetime',
            filters: [
              {
                logic_operator: 'and',
                operator: 'greater_or_equal',
                value_type: 'value',
                value: '2000-01-01 00:00:00',
              },
              {
                logic_operator: 'and',
                operator: 'less_or_equal',
                value_type: 'value',
                value: '2999-12-31 23:59:59',
              },
            ],
          },
        ],
      };
      const report = await supervisor.get<List>(WORK_ORDER_COMMENTS_REPORT.api, byMachine);
      expect(report.httpStatus, JSON.stringify(report.data)).toBe(200);
      expect(report.data.rows).toHaveLength(2);
      expect(report.data.rows[0]).toMatchObject({
        work_order_number: doc.number,
        machine_id: machine.id,
        machine_code: machine.code,
        issue_section_name: 'Test mechanical',
        issue_detail_name: 'Jammed',
        // Newest first.
        body: 'Photo of the seal',
        created_by_name: 'Felix Wagner',
      });
      const past = {
        filter: [
          {
            field: 'created_at',
            field_type: 'datetime',
            filters: [
              {
                logic_operator: 'and',
                operator: 'less',
                value_type: 'value',
                value: '2001-01-01 00:00:00',
              },
            ],
          },
        ],
      };
      expect((await supervisor.get<List>(WORK_ORDER_COMMENTS_REPORT.api, past)).data.rows).toEqual(
        [],
      );
      expect((await tech.get(WORK_ORDER_COMMENTS_REPORT.api)).httpStatus).toBe(403);
      const csv = await fetch(`${m.t.url}${WORK_ORDER_COMMENTS_REPORT.api}/export?format=csv`, {
        headers: { Authorization: `Bearer ${supervisor.token}` },
      });
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain('Photo of the seal');
      const refused = await fetch(`${m.t.url}${WORK_ORDER_COMMENTS_REPORT.api}/export?format=csv`, {
        headers: { Authorization: `Bearer ${batcher.token}` },
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('realtime', () => {
    it('broadcasts status changes, order updates and comments on private-production.machines', async () => {
      const echo = await connectEcho(m.t.url, tech.token);
      const channel = echo.private('production.machines');
      await subscribed(channel);
      const heard: {
        event: string;
        data: { id: number; data: Record<string, unknown> | null };
      }[] = [];
      const wanted = ['machine.status_changed', 'work_order.created', 'work_order.commented'];
      const done = new Promise<void>((resolve) => {
        for (const name of [...wanted, 'work_order.updated']) {
          channel.listen(`.${name}`, (data: (typeof heard)[number]['data']) => {
            heard.push({ event: name, data });
            if (wanted.every((w) => heard.some((h) => h.event === w))) resolve();
          });
        }
      });
      const machine = await newMachine();
      const doc = await requested(machine.id, { machine_down: true });
      await batcher.send('POST', `${WORK_ORDERS.api}/${doc.id}/comments`, { body: 'Smoke seen' });
      await waitFor(done, 'maintenance events');
      expect(heard.find((h) => h.event === 'machine.status_changed')?.data).toMatchObject({
        id: machine.id,
        data: { id: machine.id, from: 'operational', to: 'down', work_order_id: doc.id },
      });
      expect(heard.find((h) => h.event === 'work_order.commented')?.data).toMatchObject({
        id: doc.id,
        data: { body: 'Smoke seen' },
      });
    });

    it('lets the production floor join the machines channel, not other modules', async () => {
      const joined = await connectEcho(m.t.url, batcher.token);
      await subscribed(joined.private('production.machines'));
      const refused = await connectEcho(m.t.url, outsider.token);
      await expect(subscribed(refused.private('production.machines'))).rejects.toThrow(/refused/);
    });
  });
});
