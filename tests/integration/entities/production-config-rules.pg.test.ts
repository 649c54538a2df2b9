import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARTS } from '../../../src/domain/entities/production/carts.entity.ts';
import { FLOWS } from '../../../src/domain/entities/production/flows.entity.ts';
import {
  MACHINES,
  STAMPING_MACHINES,
} from '../../../src/domain/entities/production/machines.entity.ts';
import { OPERATIONS } from '../../../src/domain/entities/production/operations.entity.ts';
import { PAILS } from '../../../src/domain/entities/production/pails.entity.ts';
import { PHASES } from '../../../src/domain/entities/production/phases.entity.ts';
import { SKIDS } from '../../../src/domain/entities/production/skids.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  describeEntityCrud,
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

// Production configuration rules beyond CRUD (docs/domain/production.md §3.1): unique keys, code
// prefixes, the stamper-only view of machines, and flows with their actions as lines.

type Action = { step: number; phase_id: number; operation_id: number | null; phase_name: string };
type Flow = Row & { actions: Action[]; action_count: number };

async function idsByCode(api: EntityApiClient, path: string): Promise<Map<string, number>> {
  const list = await api.get<{ rows: { id: number; code: string; module?: string }[] }>(path, {
    per_page: 500,
  });
  return new Map(list.data.rows.filter((r) => r.module !== 'assembly').map((r) => [r.code, r.id]));
}

describeEntityCrud({
  entity: FLOWS,
  valid: async (n, api) => ({
    code: `flow_${n}`,
    name: `Test flow ${n}`,
    actions: [{ phase_id: (await idsByCode(api, PHASES.api)).get('batching') }],
  }),
  change: { name: 'Renamed flow', active: false },
  invalid: {
    body: { code: '', name: 'x', module: 'bakery' },
    codes: { code: 'required', module: 'in' },
  },
  outsider: 'inventory',
});

describe('production configuration rules', () => {
  let t: TestServer;
  let api: EntityApiClient;
  let phase: Map<string, number>;
  let operation: Map<string, number>;
  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
    phase = await idsByCode(api, PHASES.api);
    operation = await idsByCode(api, OPERATIONS.api);
  });
  afterAll(async () => t.close());

  it('seeds the seven production phases in order and the standard e-liquid flow', async () => {
    const list = await api.get<List>(PHASES.api, { sort: { field: 'sort', direction: 'asc' } });
    // Production's screens list every module's rows; the demo's assembly phases come beside.
    const production = list.data.rows.filter((r) => r.module === 'production');
    expect(production.map((r) => r.code)).toEqual([
      'batching',
      'hplc',
      'bottling',
      'labeling',
      'stamping',
      'transfer',
      'shipping',
    ]);
    const flows = await api.get<List>(FLOWS.api);
    const standard = flows.data.rows.find((r) => r.code === 'standard_eliquid');
    const read = await api.get<Flow>(`${FLOWS.api}/${standard?.id}`);
    expect(read.data.actions.map((a) => a.phase_name)).toEqual([
      'Batching',
      'HPLC',
      'Bottling',
      'Labeling',
      'Stamping',
      'Transfer',
    ]);
    expect(read.data.action_count).toBe(6);
  });

  it('keeps phase and operation codes unique within a module, not across modules', async () => {
    const dup = await api.send('POST', PHASES.api, { code: 'bottling', name: 'Again' });
    expect(dup.httpStatus).toBe(422);
    expect(dup.data).toEqual({ code: 'unique' });
    const assembly = await api.create(PHASES, {
      module: 'assembly',
      code: 'bottling',
      name: 'Assembly bottling',
    });
    const op = await api.send('POST', OPERATIONS.api, {
      phase_id: phase.get('bottling'),
      code: 'fill',
      name: 'Again',
    });
    expect(op.data).toEqual({ code: 'unique' });
    // An operation's phase is one of its own module.
    const crossed = await api.send('POST', OPERATIONS.api, {
      phase_id: assembly.id,
      code: 'crossed',
      name: 'Wrong module',
    });
    expect(crossed.httpStatus).toBe(422);
    expect(crossed.data).toEqual({ phase_id: 'Choose a phase of the production module' });
  });

  it('refuses duplicate codes of machines, carts, skids and pails', async () => {
    for (const [entity, body] of [
      [MACHINES, { code: 'FIL-01', kind: 'filler' }],
      [CARTS, { code: 'CA-001' }],
      [SKIDS, { code: 'SK-0001' }],
      [PAILS, { code: 'PA-001', capacity_ml: 1000 }],
    ] as const) {
      const reply = await api.send('POST', entity.api, body);
      expect(reply.httpStatus, entity.name).toBe(422);
      expect(reply.data, entity.name).toEqual({ code: 'unique' });
    }
  });

  it('refuses a cart, skid or pail code without its prefix, and a pail over capacity', async () => {
    const cart = await api.send('POST', CARTS.api, { code: 'SK-9' });
    expect(cart.data).toEqual({ code: 'The code starts with CA-' });
    const skid = await api.send('POST', SKIDS.api, { code: 'CA-9' });
    expect(skid.data).toEqual({ code: 'The code starts with SK-' });
    const pail = await api.send('POST', PAILS.api, {
      code: 'PA-9',
      capacity_ml: 1000,
      volume_ml: 1200,
    });
    expect(pail.data).toEqual({ volume_ml: 'The volume exceeds the capacity' });
  });

  it('shows only stampers on stamping machines, and makes what it creates a stamper', async () => {
    const stampers = await api.get<List>(STAMPING_MACHINES.api, { per_page: 500 });
    const production = stampers.data.rows.filter((r) => r.module !== 'assembly');
    expect(production.map((r) => r.code).sort()).toEqual(['STM-01', 'STM-02']);
    const made = await api.create(STAMPING_MACHINES, { code: 'STM-03' });
    const asMachine = await api.get<Row>(`${MACHINES.api}/${made.id}`);
    expect(asMachine.data.kind).toBe('stamper');
    const other = await api.send('POST', STAMPING_MACHINES.api, { code: 'X-1', kind: 'filler' });
    expect(other.data).toEqual({ kind: 'in' });
    const filler = (await api.get<List>(MACHINES.api, { per_page: 500 })).data.rows.find(
      (r) => r.code === 'FIL-01',
    );
    expect((await api.get(`${STAMPING_MACHINES.api}/${filler?.id}`)).httpStatus).toBe(404);
  });

  it('saves a flow with its actions numbered in order, and replaces them whole', async () => {
    const created = (await api.create(FLOWS, {
      code: 'short_run',
      name: 'Short run',
      actions: [
        { phase_id: phase.get('batching'), operation_id: operation.get('mix') },
        { phase_id: phase.get('bottling'), operation_id: operation.get('fill') },
        { phase_id: phase.get('labeling'), is_optional: true },
      ],
    })) as Flow;
    expect(created.actions.map((a) => [a.step, a.phase_id])).toEqual([
      [1, phase.get('batching')],
      [2, phase.get('bottling')],
      [3, phase.get('labeling')],
    ]);
    expect(created.action_count).toBe(3);
    const saved = await api.send<Flow>('PUT', `${FLOWS.api}/${created.id}`, {
      version: created.version,
      actions: [{ phase_id: phase.get('hplc'), requires_previous_done: false }],
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.actions).toMatchObject([
      { step: 1, phase_id: phase.get('hplc'), requires_previous_done: 0 },
    ]);
    // The flow can be deleted with its actions.
    const deleted = await api.send('DELETE', `${FLOWS.api}/${created.id}`);
    expect(deleted.httpStatus).toBe(200);
  });

  it("refuses an action whose operation is of another phase, naming the action's cell", async () => {
    const reply = await api.send('POST', FLOWS.api, {
      code: 'mismatched',
      name: 'Mismatched',
      actions: [
        { phase_id: phase.get('batching') },
        { phase_id: phase.get('bottling'), operation_id: operation.get('label') },
      ],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({
      'actions.1.operation_id': 'The operation belongs to another phase',
    });
    const missing = await api.send('POST', FLOWS.api, {
      code: 'missing',
      name: 'Missing',
      actions: [{ phase_id: 999999 }],
    });
    expect(missing.data).toEqual({ 'actions.0.phase_id': 'exists' });
  });

  it('refuses to delete a phase a flow uses', async () => {
    const reply = await api.send('DELETE', `${PHASES.api}/${phase.get('hplc')}`);
    expect(reply.httpStatus).toBe(409);
    expect(reply.message).toBe('database_delete_1451');
  });
});
