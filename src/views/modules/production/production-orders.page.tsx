import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCTION_ORDERS } from '../../../domain/entities/production/production-orders.entity.ts';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../common/entity-form/entity-form-drawer.tsx';
import { BulkOutcomeModal, reportTitle } from './bulk-outcome-modal.tsx';
import { OrderBulkActions, type BulkReport } from './order-bulk-actions.tsx';
import { notify } from '../../common/notify.tsx';
import { orderDetailPath } from './order-detail/order-paths.ts';

// The production orders list: a row opens the order's detail page (its whole story and its
// actions); New plans a draft in the drawer and then opens it, so the order just created is
// on screen; checkbox rows submit, approve or release several at once.

export function ProductionOrdersPage() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [report, setReport] = useState<BulkReport | null>(null);
  return (
    <>
      <EntityListPage
        entity={PRODUCTION_ORDERS}
        onOpen={(row) => (row ? void navigate(orderDetailPath(row.id)) : setCreating(true))}
        selectionActions={(rows, done) => (
          <OrderBulkActions
            rows={rows}
            onDone={(given) => {
              done();
              setReport(given);
              if (given.outcomes.every((o) => o.result === 'done')) {
                notify.success(reportTitle(given));
              }
            }}
          />
        )}
      />
      <BulkOutcomeModal report={report} onClose={() => setReport(null)} />
      {creating && (
        <EntityFormDrawer
          entity={PRODUCTION_ORDERS}
          id={null}
          opened
          onClose={() => setCreating(false)}
          onSaved={(row) => void navigate(orderDetailPath(row.id))}
        />
      )}
    </>
  );
}
