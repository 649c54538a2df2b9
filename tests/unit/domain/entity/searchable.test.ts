import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../../src/domain/access.ts';
import { allEntities } from '../../../../src/domain/entities/entity-registry.ts';
import { listFields, searchHitPath } from '../../../../src/domain/entity/entity-declaration.ts';
import { ROUTE_MAP } from '../../../../src/domain/route-map/route-map.ts';
import { routeAt } from '../../../../src/domain/route-map/route-tree.ts';

// The searchable markers Ctrl+K reads: each names text fields the entity has, a page of the
// route map its readers may open, and opens its hits on a page that exists.

const SEARCHABLE = allEntities().flatMap((e) => (e.searchable ? [{ e, s: e.searchable }] : []));

describe('searchable entities', () => {
  it('cover the documents and master records of the built modules, each once', () => {
    expect(SEARCHABLE.map(({ e }) => e.name).sort()).toEqual(
      [
        'allocations',
        'assembly_orders',
        'customers',
        'daily_orders',
        'discounts',
        'forecast_periods',
        'lab_receivings',
        'locations',
        'machines',
        'pm_projects',
        'product_stamping_orders',
        'production_orders',
        'products',
        'purchase_orders',
        'rd_projects',
        'rd_samples',
        'purchase_invoices',
        'receiving_containers',
        'receivings',
        'recipes',
        'sales_orders',
        'stamp_reels',
        'stamping_machines',
        'stock_adjustments',
        'stock_counts',
        'stock_lots',
        'suppliers',
        'training_documents',
        'training_projects',
        'transfers',
        'work_orders',
      ].sort(),
    );
  });

  it('search text fields the entity declares', () => {
    for (const { e, s } of SEARCHABLE) {
      const fields = new Map(listFields(e).map((f) => [f.name, f]));
      for (const name of s.fields) expect(fields.get(name)?.kind, `${e.name}.${name}`).toBe('text');
    }
  });

  it('open their hits on pages of the route map that their readers may open', () => {
    for (const { e, s } of SEARCHABLE) {
      const page = routeAt(s.page, ROUTE_MAP);
      expect(page, `${e.name} page ${s.page}`).toBeDefined();
      // Whoever reads the entity may open its page (the area rules agree).
      for (const role of page?.route.roles ?? []) {
        expect(canAccess([role], e.area), `${e.name}: ${role} opens ${s.page}`).toBe(true);
      }
      const path = new URL(searchHitPath(s, { id: 7, lot_no: 'L-7' }), 'http://x').pathname;
      expect(routeAt(path, ROUTE_MAP), `${e.name} opens ${path}`).toBeDefined();
    }
  });
});
