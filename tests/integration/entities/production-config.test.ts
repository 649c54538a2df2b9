import { MEASURES } from '../../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { HPLC_CATEGORIES } from '../../../src/domain/entities/production/hplc-categories.entity.ts';
import { describeEntityCrud } from '../../support/entity-crud.ts';

// Production configuration on the entity pattern (domain.md §3.1).

describeEntityCrud({
  entity: HPLC_CATEGORIES,
  valid: (n) => ({ code: `hc_${n}`, name: `Test category ${n}`, min_pct: 90, max_pct: 110 }),
  change: { name: 'Renamed category' },
  invalid: {
    body: { code: '', name: 'x'.repeat(81), min_pct: 90 },
    codes: { code: 'required', name: 'max', max_pct: 'required' },
  },
  outsider: 'inventory',
  referenced: async (api) => {
    const category = await api.create(HPLC_CATEGORIES, {
      code: 'ref_cat',
      name: 'Referenced',
      min_pct: 95,
      max_pct: 105,
    });
    const measures = await api.get<{ rows: { id: number; code: string }[] }>(MEASURES.api);
    await api.create(PRODUCTS, {
      sku: 'RM-HPLC-REF',
      name: 'Product with an HPLC category',
      type: 'raw_material',
      measure_id: measures.data.rows.find((m) => m.code === 'ea')?.id,
      hplc_category_id: category.id,
    });
    return category.id;
  },
});
