import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// /api/docs as an integrator uses it: a standard validator accepts it, operations are grouped
// by module, and a generated TypeScript client knows what each answer's data holds.

type Content = Record<string, { schema?: unknown }>;
type Operation = {
  operationId: string;
  tags: string[];
  responses: Record<string, { content?: Content } | undefined>;
};
type Document = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

let t: TestServer;
let doc: Document;
beforeAll(async () => {
  t = await startTestServer({ demo: false });
  doc = (await (await fetch(`${t.url}/api/docs`)).json()) as Document;
});
afterAll(() => t.close());

const operations = () => Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));

const bareEnvelope = { $ref: '#/components/schemas/Envelope' };

/** Whether a success names what it carries: a JSON schema beyond the bare envelope, or bytes of a stated type. */
function declaresData(op: Operation): boolean {
  const content = op.responses['2XX']?.content ?? {};
  return Object.entries(content).some(([type, { schema }]) =>
    type.includes('json') ? JSON.stringify(schema) !== JSON.stringify(bareEnvelope) : true,
  );
}

describe('the OpenAPI description', () => {
  it('is valid for a standard validator, every $ref resolving', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('tags every operation with its module and names each once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(500);
    for (const op of all) expect(op.tags).toHaveLength(1);
    const tags = doc.tags.map((tag) => tag.name);
    expect(tags).toEqual(
      expect.arrayContaining([
        'account',
        'general',
        'inventory',
        'production',
        'purchase',
        'sales',
      ]),
    );
    const ids = all.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says what every success carries: its data schema, or a media type other than JSON', () => {
    const undeclared = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => !declaresData(op))
        .map(([method, op]) => `${method.toUpperCase()} ${path} (${op.operationId})`),
    );
    expect(undeclared, undeclared.join('\n')).toEqual([]);
  });

  it('tells a route that declares nothing from one that declares its data', () => {
    const byId = new Map(operations().map((op) => [op.operationId, op]));
    expect(declaresData(byId.get('getProductionDashboardMachines')!)).toBe(true);
    expect(
      declaresData({
        ...byId.get('getProductionDashboardMachines')!,
        responses: { '2XX': { content: { 'application/json': { schema: bareEnvelope } } } },
      }),
    ).toBe(false);
    expect(
      Object.keys(
        byId.get('getProductionReportsHplcReportExport')!.responses['2XX']?.content ?? {},
      ),
    ).toContain('text/csv; charset=utf-8');
  });
});

describe('a client generated from it', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plantline-openapi-'));
    writeFileSync(
      join(dir, 'plantline-api.ts'),
      astToString(await openapiTS(structuredClone(doc) as never)),
    );
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Type errors of `source` compiled against the generated types under strict settings. */
  function compile(source: string): string[] {
    const file = join(dir, `calls-${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  const prelude = `
    import type { paths } from './plantline-api';
    type Data<P extends keyof paths, M extends keyof paths[P]> =
      paths[P][M] extends { responses: { '2XX': { content: { 'application/json': { data: infer D } } } } } ? D : never;
    type Body<P extends keyof paths, M extends keyof paths[P]> =
      paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
  `;

  it('types a row, a page and a create body from the entity declarations', () => {
    const errors = compile(`${prelude}
      declare const measure: Data<'/api/inventory/measures/{id}', 'get'>;
      const id: number = measure.id;
      const version: number = measure.version;
      const code: string = measure.code;
      const kind: 'count' | 'volume' | 'mass' = measure.kind;
      declare const page: Data<'/api/inventory/measures', 'get'>;
      const total: number = page.total;
      const first: string | undefined = page.rows[0]?.name;
      const create: Body<'/api/inventory/measures', 'post'> = { code: 'L', name: 'Litre', kind: 'volume', to_base_factor: 1000 };
      export { id, version, code, kind, total, first, create };
    `);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong type, and types an undeclared column as unknown', () => {
    const errors = compile(`${prelude}
      declare const measure: Data<'/api/inventory/measures/{id}', 'get'>;
      const wrong: string = measure.id;
      const undeclared: string = measure.no_such_field;
      export { wrong, undeclared };
    `);
    expect(errors).toEqual([
      expect.stringMatching(/Type 'number' is not assignable to type 'string'/),
      expect.stringMatching(/Type 'unknown' is not assignable to type 'string'/),
    ]);
  });

  it('types what hand-written routes answer: a production action, a report, a detail page', () => {
    const errors = compile(`${prelude}
      declare const check: Data<'/api/production/label-checks', 'post'>;
      const result: 'pass' | 'fail' = check.result;
      const lot: string | null = check.lot_no_scanned;
      declare const rates: Data<'/api/production/reports/hplc-report/pass-rates', 'get'>;
      const rate: number | null | undefined = rates[0]?.pass_rate_pct;
      const tested: number | undefined = rates[0]?.tested;
      declare const story: Data<'/api/production/production-orders/{id}/story', 'get'>;
      const passed: 0 | 1 | null | undefined = story.hplc[0]?.passed;
      const skid: string | undefined = story.skids[0]?.skid_code;
      declare const machines: Data<'/api/production/dashboard/machines', 'get'>;
      const mttr: number | null | undefined = machines[0]?.mttr_minutes;
      declare const me: Data<'/api/me', 'get'>;
      const roles: string[] = me.roles;
      export { result, lot, rate, tested, passed, skid, mttr, roles };
    `);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong use of a hand-written route’s answer', () => {
    const errors = compile(`${prelude}
      declare const check: Data<'/api/production/label-checks', 'post'>;
      const result: 'ok' = check.result;
      declare const story: Data<'/api/production/production-orders/{id}/story', 'get'>;
      const passed: boolean | null | undefined = story.hplc[0]?.passed;
      export { result, passed };
    `);
    expect(errors).toEqual([
      expect.stringMatching(/is not assignable to type '"ok"'/),
      expect.stringMatching(/is not assignable to type 'boolean/),
    ]);
  });
});
