import { useContext, useState } from 'react';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';

// One action of a dashboard card at a time: the request (a refusal is shown the docs/product.md §8
// way), a success notification, and which action is running, so its button spins and the others
// wait. The card's row comes back through the dashboard's live lists, not from the answer.

export type DashboardAction = {
  busy: string | null;
  run: (key: string, url: string, data: Record<string, unknown>, done: string) => Promise<void>;
};

export function useDashboardAction(): DashboardAction {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState<string | null>(null);
  return {
    busy,
    run: async (key, url, data, done) => {
      setBusy(key);
      try {
        await request({ url, method: 'POST', data });
        notify.success(done);
      } catch (error) {
        showFailure(error, false);
      } finally {
        setBusy(null);
      }
    },
  };
}
