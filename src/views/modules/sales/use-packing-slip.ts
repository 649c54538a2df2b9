import { useContext, useEffect, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { fetchPackingSlip, type OrderPackingSlip } from '../../../api/sales.api.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// The packing slip of the route's order, read once when the page opens.

export type PackingSlipState =
  | { kind: 'loading' }
  | { kind: 'ready'; slip: OrderPackingSlip }
  | { kind: 'failed'; message: string };

export function usePackingSlip(id: number | null): PackingSlipState {
  const request = useContext(EntityRequestContext);
  const [state, setState] = useState<PackingSlipState>({ kind: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    fetchPackingSlip(request, id).then(
      (slip) => live && setState({ kind: 'ready', slip }),
      (error: unknown) => live && setState({ kind: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [request, id]);
  return id === null ? { kind: 'failed', message: 'There is no such sales order.' } : state;
}
