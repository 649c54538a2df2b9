import { useCallback, useContext, useEffect, useState } from 'react';
import { fieldErrors } from '../../../api/api-error.ts';
import { errorText } from '../../../api/error-text.ts';
import {
  fetchPurchaseMail,
  sendPurchaseOrderEvent,
  type PurchaseMail,
} from '../../../api/purchase.api.ts';
import {
  purchaseOrderDoc,
  type PurchaseOrderDoc,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// A purchase order's Send and Close as the order's own buttons run them: the event with the
// version read, busy while it goes, and a refusal in the server's words (an SMTP server that
// refused, a supplier without an address) kept for the dialog to show. The open order follows
// its record live, so the bar shows the new status once the server has it.

/** The server's words for a refusal: its fields' messages, else the envelope's sentence. */
export function refusalText(error: unknown): string {
  const messages = Object.values(fieldErrors(error));
  return messages.length > 0 ? messages.join(' ') : errorText(error);
}

export type StepOutcome = { ok: true; row: PurchaseOrderDoc } | { ok: false; error: string };

export type PurchaseOrderStep = {
  busy: boolean;
  error: string | null;
  /** Sends the event; answers the order as the server left it, or why it was refused. */
  run: (event: string, fields?: Record<string, unknown>) => Promise<StepOutcome>;
  clear: () => void;
};

export function usePurchaseOrderStep(
  doc: Pick<PurchaseOrderDoc, 'id' | 'version'>,
): PurchaseOrderStep {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (event: string, fields: Record<string, unknown> = {}): Promise<StepOutcome> => {
      setBusy(true);
      setError(null);
      try {
        const row = await sendPurchaseOrderEvent(request, doc, event, fields);
        return { ok: true, row: purchaseOrderDoc(row) };
      } catch (failure) {
        const why = refusalText(failure);
        setError(why);
        return { ok: false, error: why };
      } finally {
        setBusy(false);
      }
    },
    [request, doc],
  );
  return { busy, error, run, clear: () => setError(null) };
}

/** Whether this server emails orders (read once the dialog opens); null while reading. */
export function usePurchaseMail(open: boolean): PurchaseMail | null {
  const request = useContext(EntityRequestContext);
  const [mail, setMail] = useState<PurchaseMail | null>(null);
  useEffect(() => {
    if (!open || mail) return;
    let live = true;
    fetchPurchaseMail(request).then(
      (answer) => live && setMail(answer),
      // Unknown counts as not set up: the dialog still offers the PDF and the buyer's word.
      () => live && setMail({ configured: false, from: null }),
    );
    return () => {
      live = false;
    };
  }, [open, mail, request]);
  return mail;
}
