import { KIT_COMPONENTS } from '../../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { describeEntityCrud, type EntityApiClient, type List } from '../../support/entity-crud.ts';

// A kit's bill of components on the entity pattern (docs/domain/assembly.md §4, the kit components
// screen): admin's only, one row per kit and component, a positive quantity per kit.

/** The demo's mango kit, and finished goods no demo kit's bill holds (one row each per label). */
async function productsOf(api: EntityApiClient) {
  const list = await api.get<List>(PRODUCTS.api, { per_page: 500 });
  const rows = list.data.rows;
  const kit = rows.find((p) => p.sku === 'KIT-MANGO-DUO');
  const billed = ['FG-MANGO-06-30', 'FG-STRAW-06-30', 'FG-BLURAZ-06-30'];
  const goods = rows.filter((p) => p.type === 'finished_good' && !billed.includes(String(p.sku)));
  if (!kit || goods.length < 20) throw new Error('the demo has no kit or too few goods');
  return { kit: kit.id, goods: goods.map((p) => p.id) };
}

describeEntityCrud({
  entity: KIT_COMPONENTS,
  valid: async (n, api) => {
    const { kit, goods } = await productsOf(api);
    return { product_id: kit, component_product_id: goods[n]!, qty_per_unit: n };
  },
  change: { qty_per_unit: 3.5 },
  invalid: {
    body: { product_id: null, qty_per_unit: 0 },
    codes: {
      product_id: 'required',
      component_product_id: 'required',
      qty_per_unit: 'Must be 0.001 or more',
    },
  },
  outsider: 'sealer',
});
