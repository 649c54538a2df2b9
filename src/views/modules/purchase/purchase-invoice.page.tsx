import {
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { invoiceMatchFacts } from '../../../domain/entities/purchase/invoice-match.ts';
import {
  PAY_QUESTION,
  PURCHASE_INVOICES,
  purchaseInvoiceDoc,
  type PurchaseInvoiceDoc,
} from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatCurrency } from '../../../domain/formats/currency.format.ts';
import { allowedPurchaseInvoiceActions } from '../../../machines/workflows/purchase-invoice.machine.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { RecordChangedNotice } from '../../common/entity-form/record-changed-notice.tsx';
import { FieldInputs } from '../../common/entity-form/field-input.tsx';
import { ReadOnlyRecord } from '../../common/entity-form/read-only-record.tsx';
import { useUnsavedGuard } from '../../common/entity-form/unsaved-guard.ts';
import { DocumentTimeline } from '../../common/timeline/document-timeline.tsx';
import { InvoiceFiles } from './invoice-files.tsx';
import { InvoiceLinesTable } from './invoice-lines-table.tsx';
import { InvoiceMatchSummary } from './invoice-match-summary.tsx';
import { useInvoiceFiles } from './use-invoice-files.ts';
import { INVOICE_HEADER_FIELDS, usePurchaseInvoice } from './use-purchase-invoice.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// `/purchase/{purchase_id}/invoice` (entered from its order) and `/invoice/{invoice_id}`: the
// supplier's invoice with the server's three-way match shown before it is posted, and its
// workflow buttons, and once saved the supplier's own invoice files (attach, list, download).
// Keyboard: the supplier's number has the cursor, Ctrl+S saves, Tab reaches every input and
// button.

const idOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What posting moves, said when it is confirmed (DocumentActions hands its row untyped). */
function moves(row: EntityRow, event: string): string[] {
  const doc = purchaseInvoiceDoc(row);
  if (event !== 'post' && event !== 'cancel') return [];
  if (event === 'cancel' && doc.status !== 'posted') return [];
  const verb = event === 'post' ? 'Bills' : 'Takes back';
  return (doc.lines ?? []).map(
    (l) =>
      `${verb} ${String(l.qty)} ${l.measure_code ?? ''} of ${String(l.product_sku)} on ${String(doc.purchase_order_number)}`,
  );
}

function Figures({ row }: { row: PurchaseInvoiceDoc }) {
  const code = row.currency_code ?? 'CAD';
  return (
    <Text size="sm" aria-label="Invoice totals">
      Subtotal {formatCurrency(row.subtotal ?? 0)} · Taxes {formatCurrency(row.tax_total ?? 0)} ·{' '}
      <strong>
        Total {formatCurrency(row.total ?? 0)} {code}
      </strong>
      {code !== 'CAD' && <> = {formatCurrency(row.total_cad ?? 0)} CAD</>}
    </Text>
  );
}

/** The header's fields a posted invoice shows, read only. */
const SHOWN_FIELDS = PURCHASE_INVOICES.fields.filter(
  (f: EntityField) => !f.listOnly && f.kind !== 'json',
);

export function PurchaseInvoicePage() {
  const params = useParams();
  const navigate = useNavigate();
  const ids = useMemo(
    () => ({ invoiceId: idOf(params.invoice_id), purchaseOrderId: idOf(params.purchase_id) }),
    [params.invoice_id, params.purchase_id],
  );
  const location = useLocation();
  const handed = (location.state as { created?: PurchaseInvoiceDoc } | null)?.created ?? null;
  const model = usePurchaseInvoice(
    ids,
    (row) => void navigate(`/invoice/${row.id}`, { replace: true, state: { created: row } }),
    handed,
  );
  const { form, row, order, load } = model;
  useUnsavedGuard(() => form.isDirty());
  const files = useInvoiceFiles(row ? { id: row.id, version: row.version } : null, model.reload);
  const readOnly = row !== null && row.status !== 'draft';

  if (load.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Box p="md">
        <Alert color="red" title="Supplier invoice could not be read">
          {load.message}
        </Alert>
      </Box>
    );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (!readOnly) model.save();
      return;
    }
    // Enter in a cell is not a save: a person confirms a figure, then moves on with Tab.
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
    }
  };
  const doc = row
    ? { ...row, ...invoiceMatchFacts(row.lines ?? [], row.variance_accepted_by) }
    : null;
  return (
    <Box p="md">
      <Paper p="md" withBorder>
        <Title order={3} mb="xs">
          {row ? `Supplier invoice ${row.number}` : `New supplier invoice`}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {order?.supplier} · for <Link to={`/purchase/${order?.id ?? ''}`}>{order?.number}</Link>
        </Text>
        <form
          noValidate
          aria-label="Supplier invoice form"
          onKeyDown={onKeyDown}
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) model.save();
          }}
        >
          <Stack gap="md">
            {doc && (
              <DocumentActions
                entity={PURCHASE_INVOICES}
                doc={doc}
                allowed={allowedPurchaseInvoiceActions}
                questions={{ pay: PAY_QUESTION }}
                moves={moves}
                extra={() => <Figures row={doc} />}
                onDone={model.reload}
              />
            )}
            {row && <InvoiceMatchSummary row={row} />}
            <RecordChangedNotice
              incoming={model.incoming}
              onReload={model.takeIncoming}
              onKeepEditing={model.keepEditing}
            />
            {readOnly && row ? (
              <ReadOnlyRecord fields={SHOWN_FIELDS} row={row} columns={2} />
            ) : (
              <SimpleGrid cols={2}>
                <FieldInputs fields={INVOICE_HEADER_FIELDS} form={form} />
              </SimpleGrid>
            )}
            <InvoiceLinesTable form={form} lineInfo={model.lineInfo} readOnly={readOnly} />
            {typeof form.errors.lines === 'string' && (
              <Text size="sm" c="red">
                {form.errors.lines}
              </Text>
            )}
            {row && (
              <InvoiceFiles model={files} status={row.status ?? ''} unsaved={form.isDirty()} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(-1)}>
                {readOnly ? 'Back' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button
                  type="submit"
                  loading={model.saving}
                  title="Ctrl+S"
                  onMouseDown={(event) => event.preventDefault()}
                >
                  {row ? 'Save' : 'Create draft'}
                </Button>
              )}
            </Group>
            {row && (
              <>
                <Divider />
                <DocumentTimeline entity={PURCHASE_INVOICES} id={row.id} revision={row.version} />
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
