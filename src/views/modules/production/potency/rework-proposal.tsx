import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { eventNotice } from '../../../../api/result-notice.ts';
import {
  PRODUCTION_ORDERS,
  productionOrderDoc,
  type ProductionOrderRow,
} from '../../../../domain/entities/production/production-orders.entity.ts';
import { formatNicotine } from '../../../../domain/formats/nicotine.format.ts';
import { formatNumber } from '../../../../domain/formats/number.format.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { useUser } from '../../../session/use-session.ts';
import { useOrderPotency } from './use-potency.ts';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';

// An order's latest HPLC result with the rework that brings it to its claim (docs/domain/
// production.md "Potency control charts"). A failed batch's proposal is accepted by the QA
// manager into the order's rework event, with the version read; a drifting batch that passed
// shows its proposal only, since a passed batch is not reworked.

const DECIDERS = ['admin', 'qa_manager'];
const ORDERS = PRODUCTION_ORDERS.api.replace(/^\/api\//, '');
const ml = (value: number) => `${formatNumber(value, 2)} ml`;

export function ReworkProposal({
  orderId,
  onlyWhenFlagged = false,
}: {
  orderId: number;
  /** On the order's page: shown only for a flagged or failed batch. */
  onlyWhenFlagged?: boolean;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [tick, setTick] = useState(0);
  const potency = useOrderPotency(orderId, tick);
  const [order, setOrder] = useState<ProductionOrderRow | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    request<EntityRow>({ url: `${ORDERS}/${orderId}`, quiet: true })
      .then((reply) => live && setOrder(productionOrderDoc(reply.data)))
      .catch(() => live && setOrder(null));
    return () => {
      live = false;
    };
  }, [request, orderId, tick]);
  if (!potency || !order) return null;
  const { proposal } = potency;
  const failed = order.stage === 'hplc_failed';
  const decider = user.roles.some((r) => DECIDERS.includes(r));
  if (onlyWhenFlagged && potency.flags.length === 0 && !failed) return null;

  async function accept() {
    if (!proposal || !order) return;
    setBusy(true);
    try {
      await request({
        url: `${ORDERS}/${order.id}/events/rework`,
        method: 'POST',
        data: { version: order.version, rework_kind: proposal.kind, rework_ml: proposal.add_ml },
      });
      notify.result(eventNotice(PRODUCTION_ORDERS.label, order, 'rework'));
      setTick((n) => n + 1);
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="rework-proposal">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            <Anchor component={Link} to={`/production/production-orders/${order.id}`}>
              {String(order.number)}
            </Anchor>{' '}
            · {String(order.stage ?? order.status)}
          </Text>
          {potency.flags.map((f) => (
            <Text key={f.by} size="sm" c="red" fw={600}>
              {f.by}: {f.rules.join(', ')}
            </Text>
          ))}
        </Group>
        {potency.measured_mg !== null && potency.target_mg !== null && (
          <Text size="sm">
            Measured {formatNicotine(potency.measured_mg)} of {formatNicotine(potency.target_mg)}{' '}
            mg/ml in a batch of {ml(potency.batch_ml ?? 0)}
            {potency.base
              ? ` (nicotine base ${potency.base.sku}, ${potency.base.nicotine_mg} mg/ml)`
              : ''}
          </Text>
        )}
        {proposal ? (
          <Alert color={failed ? 'orange' : 'yellow'} title="Proposed rework">
            Add {ml(proposal.add_ml)} of {proposal.kind === 'diluent' ? 'diluent' : 'nicotine base'}
            , to a batch of {ml(proposal.final_ml)}.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {potency.measured_mg === null
              ? "No rework: the newest sample waits for the lab's result."
              : 'No rework: the batch is on its claim, or no nicotine base is known to raise it.'}
          </Text>
        )}
        {proposal && failed && decider && (
          <Group justify="flex-end">
            <Button loading={busy} onClick={() => void accept()}>
              Accept rework
            </Button>
          </Group>
        )}
        {proposal && !failed && (
          <Text size="xs" c="dimmed">
            A batch is reworked once its HPLC result fails; until then this is what it would take.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
