import { useContext, useRef, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { fetchProduct, type FetchedProduct } from '../../../api/product-fetch.api.ts';
import {
  STOCK_ON_HAND,
  type StockOnHandRow,
} from '../../../domain/entities/stock/stock-on-hand.entity.ts';
import { rowOf } from '../../../domain/entity/row-of.ts';
import {
  EntityRequestContext,
  useEntityApi,
} from '../../common/entity-form/entity-request.context.ts';

// One lookup at a time: the product a code names, then where its stock is (stock on hand by
// location × lot × bin, the same read model as the stock-on-hand screen). A scan that lands
// while the previous one is still answering wins; the older answer is dropped.

export type Lookup =
  | { kind: 'idle' }
  | { kind: 'searching'; code: string }
  | { kind: 'found'; code: string; product: FetchedProduct; stock: readonly StockOnHandRow[] }
  | { kind: 'missing'; code: string }
  | { kind: 'failed'; code: string; message: string };

/** Every balance row of one product fits one page: a product sits in a few dozen places. */
const STOCK_ROWS = 500;

export function useProductLookup(): { lookup: Lookup; find: (code: string) => void } {
  const request = useContext(EntityRequestContext);
  const stockApi = useEntityApi(STOCK_ON_HAND);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const latest = useRef(0);

  const find = (raw: string) => {
    const code = raw.trim();
    if (code === '') return;
    const ticket = ++latest.current;
    const current = () => ticket === latest.current;
    setLookup({ kind: 'searching', code });
    void (async () => {
      try {
        const product = await fetchProduct(request, code);
        if (!current()) return;
        if (!product) {
          setLookup({ kind: 'missing', code });
          return;
        }
        const stock = await stockApi.list({
          filter: [
            {
              field: 'product_id',
              field_type: 'number',
              filters: [{ operator: 'equals', value: product.id }],
            },
          ],
          sort: { field: 'location_name', direction: 'asc' },
          per_page: STOCK_ROWS,
        });
        if (!current()) return;
        const rows = stock.rows.map((row) => rowOf(STOCK_ON_HAND, row));
        setLookup({ kind: 'found', code, product, stock: rows });
      } catch (error) {
        if (!current()) return;
        // The shell has shown what docs/product.md §8 names (session, server); the page says the
        // rest.
        setLookup({ kind: 'failed', code, message: errorText(error) });
      }
    })();
  };

  return { lookup, find };
}
