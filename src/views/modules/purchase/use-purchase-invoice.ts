import { useForm, type UseFormReturnType } from '@mantine/form';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { errorText } from '../../../api/error-text.ts';
import { fetchInvoicePrefill } from '../../../api/purchase.api.ts';
import { recordNotice } from '../../../api/result-notice.ts';
import { writableFields } from '../../../domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import {
  PURCHASE_INVOICE_LINE_FIELDS,
  PURCHASE_INVOICES,
  purchaseInvoiceDoc,
  type PurchaseInvoiceDoc,
  type PurchaseInvoiceLineRow,
} from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import { serverFormErrors } from '../../common/form/server-errors.ts';
import { notify } from '../../common/notify.tsx';
import {
  EntityRequestContext,
  useEntityApi,
} from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { typedOnTop, type IncomingVersion } from '../../common/entity-form/record-change.ts';
import { useFollowedRecord } from '../../common/entity/use-followed-record.ts';
import {
  documentPayloadOf,
  documentValuesOf,
  validateDocument,
  type FormValues,
} from '../../common/entity-form/form-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// One supplier invoice's screen state: started from its purchase order (`purchaseOrderId`,
// prefilled by the server) or read by id; the form of its header and billed lines; save
// (create, then the page moves to the invoice's own address; or update with the version
// read); read again after a workflow event, and followed live as every record page is
// (use-followed-record.ts). What each line shows beside its inputs (the PO
// line's quantities and price, the match) is the server's, kept by PO line id.

export const INVOICE_LINES: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: PURCHASE_INVOICE_LINE_FIELDS,
  minLines: 1,
};

export const INVOICE_HEADER_FIELDS = writableFields(PURCHASE_INVOICES).filter(
  (f) => f.name !== 'purchase_order_id',
);

export type InvoiceLoad =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

export type PurchaseInvoiceModel = {
  load: InvoiceLoad;
  /** The saved invoice; null while it is being entered from its order. */
  row: PurchaseInvoiceDoc | null;
  /** The order it bills, as the server named it (number, supplier, currency). */
  order: { id: number; number: string; supplier: string; currency: string } | null;
  form: UseFormReturnType<FormValues>;
  /** The server's columns of the line billing this PO line. */
  lineInfo: (poLineId: unknown) => PurchaseInvoiceLineRow | undefined;
  saving: boolean;
  save: () => void;
  reload: () => void;
  /** A newer version saved elsewhere while values are typed here; null when none. */
  incoming: IncomingVersion | null;
  /** Shows the newer version with the typed values kept on top of it. */
  takeIncoming: () => void;
  keepEditing: () => void;
};

export function usePurchaseInvoice(
  ids: { invoiceId: number | null; purchaseOrderId: number | null },
  onCreated: (row: PurchaseInvoiceDoc) => void,
  /** The invoice as its creation answered, handed over by the page that created it. */
  created?: PurchaseInvoiceDoc | null,
): PurchaseInvoiceModel {
  const request = useContext(EntityRequestContext);
  const api = useEntityApi(PURCHASE_INVOICES);
  const [row, setRow] = useState<PurchaseInvoiceDoc | null>(null);
  // The saved invoice, or the prefill of an unsaved one: its order's parts and its lines.
  const [source, setSource] = useState<PurchaseInvoiceDoc | null>(null);
  const [load, setLoad] = useState<InvoiceLoad>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const rowRef = useRef<PurchaseInvoiceDoc | null>(null);
  const busyRef = useRef(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: documentValuesOf(INVOICE_HEADER_FIELDS, INVOICE_LINES, null),
    validate: (values) => validateDocument(INVOICE_HEADER_FIELDS, INVOICE_LINES, values),
    validateInputOnBlur: true,
  });
  const formRef = useRef(form);
  formRef.current = form;

  // What the generic reads hand over (the entity API, the followed record), read as an invoice.
  const adopt = useCallback((read: EntityRow, saved: boolean) => {
    const next = purchaseInvoiceDoc(read);
    const values = documentValuesOf(INVOICE_HEADER_FIELDS, INVOICE_LINES, next);
    formRef.current.setInitialValues(values);
    formRef.current.setValues(values);
    formRef.current.resetDirty(values);
    formRef.current.clearErrors();
    setSource(next);
    rowRef.current = saved ? next : null;
    setRow(saved ? next : null);
  }, []);

  const followed = useFollowedRecord({
    entity: PURCHASE_INVOICES,
    id: ids.invoiceId,
    held: () => rowRef.current,
    dirty: () => formRef.current.isDirty(),
    busy: () => busyRef.current,
    lines: INVOICE_LINES,
    show: (fresh) => adopt(fresh, true),
  });

  const createdRef = useRef(created);
  useEffect(() => {
    let live = true;
    const handed = createdRef.current;
    if (handed && handed.id === ids.invoiceId) {
      // Just created: shown as saved at once, not read again.
      createdRef.current = null;
      adopt(handed, true);
      setLoad({ kind: 'ready' });
      return;
    }
    const read =
      ids.invoiceId !== null
        ? api.get(ids.invoiceId).then((found) => ({ found, saved: true }))
        : ids.purchaseOrderId !== null
          ? fetchInvoicePrefill(request, ids.purchaseOrderId).then((found) => ({
              found,
              saved: false,
            }))
          : Promise.reject(new Error('There is no supplier invoice at this address.'));
    read.then(
      ({ found, saved }) => {
        if (!live) return;
        adopt(found, saved);
        setLoad({ kind: 'ready' });
      },
      (error: unknown) => {
        if (!live) return;
        const gone = isApiError(error) && error.status === 404;
        setLoad({ kind: 'failed', message: gone ? 'It does not exist.' : errorText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [api, request, ids.invoiceId, ids.purchaseOrderId, adopt, attempt]);

  const info = useMemo(
    () => new Map((source?.lines ?? []).map((l) => [l.purchase_order_line_id ?? 0, l])),
    [source],
  );

  const submit = async (values: FormValues) => {
    const current = rowRef.current;
    const payload = documentPayloadOf(INVOICE_HEADER_FIELDS, INVOICE_LINES, values);
    setSaving(true);
    busyRef.current = true;
    try {
      const saved = current
        ? await api.update(current.id, current.version, payload)
        : await api.create({ ...payload, purchase_order_id: source?.purchase_order_id });
      notify.result(recordNotice(PURCHASE_INVOICES.label, saved, current ? 'saved' : 'created'));
      if (current) {
        adopt(saved, true);
        followed.caughtUp(saved);
      } else {
        // The invoice's own address shows it from here; nothing is left unsaved on this one.
        form.resetDirty();
        onCreated(purchaseInvoiceDoc(saved));
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_error') {
        form.setErrors(serverFormErrors(error));
      }
      showFailure(error, current !== null);
    } finally {
      busyRef.current = false;
      setSaving(false);
    }
  };

  const order = source
    ? {
        id: source.purchase_order_id,
        number: source.purchase_order_number ?? '',
        supplier: source.supplier_name ?? '',
        currency: source.currency_code ?? 'CAD',
      }
    : null;

  return {
    load,
    row,
    order,
    form,
    lineInfo: (poLineId) => info.get(Number(poLineId)),
    saving,
    save: () => {
      if (!saving) form.onSubmit((values) => void submit(values))();
    },
    reload: () => setAttempt((n) => n + 1),
    incoming: followed.incoming,
    takeIncoming: () => {
      const fresh = followed.incoming?.row;
      if (!fresh) return;
      const { values } = typedOnTop({
        fields: INVOICE_HEADER_FIELDS,
        lines: INVOICE_LINES,
        before: form.getInitialValues(),
        mine: form.getValues(),
        theirs: documentValuesOf(INVOICE_HEADER_FIELDS, INVOICE_LINES, fresh),
      });
      adopt(fresh, true);
      form.setValues(values);
      followed.dismiss();
    },
    keepEditing: followed.dismiss,
  };
}
