import { useContext, useEffect, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { fetchPurchaseOrderPrint, type OrderPrint } from '../../../api/purchase.api.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// The printable order of the route's id, read once when the page opens.

export type PrintState =
  { kind: 'loading' } | { kind: 'ready'; print: OrderPrint } | { kind: 'failed'; message: string };

export function usePurchasePrint(id: number | null): PrintState {
  const request = useContext(EntityRequestContext);
  const [state, setState] = useState<PrintState>({ kind: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    fetchPurchaseOrderPrint(request, id).then(
      (print) => live && setState({ kind: 'ready', print }),
      (error: unknown) => live && setState({ kind: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [request, id]);
  return id === null ? { kind: 'failed', message: 'There is no such purchase order.' } : state;
}
