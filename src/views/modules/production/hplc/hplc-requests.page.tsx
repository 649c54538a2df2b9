import { Alert, Button, Drawer, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useContext, useEffect, useState } from 'react';
import { hplcResultNotice } from '../../../../api/result-notice.ts';
import { HPLC_REQUESTS } from '../../../../domain/entities/production/hplc-requests.entity.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';
import { NICOTINE_DECIMALS } from '../../../../domain/constants.ts';
import { formatNicotine } from '../../../../domain/formats/nicotine.format.ts';
import { roundHalfAway } from '../../../../domain/formats/number-value.ts';
import { useUser } from '../../../session/use-session.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { FieldFacts } from '../../../common/entity-form/field-facts.tsx';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { verdictColor } from '../../../../domain/status-colors.ts';
import { StatusTag } from '../../../common/status-tag.tsx';
import { isSet } from '../../../../api/bool-to-int.ts';
import { PotencyDriftAlert } from '../potency/potency-drift-alert.tsx';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';

// The lab's queue (hplc-requests): a row opens the request (a batch's, a recovery's or an R&D
// sample's); an analyst (hplc_tech) enters the measured mg and, optionally, the replicates
// behind it. The server judges the result against the category's ranges, copied onto it at
// test time, and answers with its verdict.

const ANALYSTS = ['admin', 'hplc_tech'];
const OPEN = ['requested', 'sampled', 'in_analysis'];

const FACTS = [
  'number',
  'production_order_number',
  'product_sku',
  'product_name',
  'lot_no',
  'sample_no',
  'reason',
  'created_at',
] as const;

/** An R&D sample's request: no order, product or lot, the sample instead (rd-sample-hplc.ts). */
const SAMPLE_FACTS = ['number', 'rd_sample_number', 'sample_no', 'reason', 'created_at'] as const;

const VERDICT = [
  'nominal_mg',
  'measured_mg',
  'percent_of_claim',
  'min_pct',
  'max_pct',
  'analyst_name',
] as const;

/** The replicates as typed (`5.98, 6.01`): numbers, or null when one is not a number. */
export function parseReplicates(text: string): number[] | null {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const values = parts.map(Number);
  return values.every((v) => Number.isFinite(v) && v >= 0) ? values : null;
}

type HplcRequestRow = RowOf<typeof HPLC_REQUESTS>;

function Verdict({ row }: { row: HplcRequestRow }) {
  const passed = isSet(row.passed);
  return (
    <Alert
      color={verdictColor(passed)}
      title={passed ? 'Passed' : 'Failed'}
      data-testid="hplc-verdict"
    >
      <FieldFacts entity={HPLC_REQUESTS} names={VERDICT} row={row} columns={3} />
    </Alert>
  );
}

function ResultForm({
  row,
  onEntered,
}: {
  row: HplcRequestRow;
  onEntered: (r: HplcRequestRow) => void;
}) {
  const request = useContext(EntityRequestContext);
  // As typed: NumberInput hands over '5.' (a string) halfway through '5.2'; keeping only
  // numbers would clear the field there and enter 2 mg/ml.
  const [typed, setTyped] = useState<number | string>('');
  const measured = typeof typed === 'number' ? typed : typed.trim() === '' ? '' : Number(typed);
  const valid = measured !== '' && Number.isFinite(measured);
  const [replicates, setReplicates] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = parseReplicates(replicates);
  const mean =
    parsed && parsed.length > 0 ? parsed.reduce((s, v) => s + v, 0) / parsed.length : null;

  async function enter() {
    if (!valid || parsed === null) return;
    setBusy(true);
    try {
      const reply = await request<EntityRow>({
        url: `${HPLC_REQUESTS.api.replace(/^\/api\//, '')}/${row.id}/result`,
        method: 'POST',
        data: { measured_mg: measured, ...(parsed.length > 0 ? { replicates: parsed } : {}) },
      });
      notify.result(hplcResultNotice(reply.data));
      onEntered(rowOf(HPLC_REQUESTS, reply.data));
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <NumberInput
        label="Measured nicotine (mg/ml)"
        required
        min={0}
        max={1000}
        decimalScale={3}
        autoFocus
        value={typed}
        onChange={setTyped}
      />
      <TextInput
        label="Replicates (mg/ml, optional)"
        description="Separated by commas"
        placeholder="5.98, 6.01, 6.02"
        value={replicates}
        error={parsed === null ? 'Numbers only, separated by commas' : undefined}
        onChange={(e) => setReplicates(e.currentTarget.value)}
      />
      <Group justify="space-between">
        {mean !== null ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setTyped(roundHalfAway(mean, NICOTINE_DECIMALS))}
          >
            Use the mean ({formatNicotine(mean)})
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={() => void enter()} loading={busy} disabled={!valid || parsed === null}>
          Enter result
        </Button>
      </Group>
    </Stack>
  );
}

function RequestDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [row, setRow] = useState<HplcRequestRow | null>(null);
  useEffect(() => {
    let live = true;
    void request<EntityRow>({ url: `${HPLC_REQUESTS.api.replace(/^\/api\//, '')}/${id}` })
      .then((reply) => live && setRow(rowOf(HPLC_REQUESTS, reply.data)))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [request, id, onClose]);
  const analyst = user.roles.some((r) => ANALYSTS.includes(r));
  const open = row !== null && OPEN.includes(row.status ?? '');
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={HPLC_REQUESTS.label}>
      {row && (
        <Stack>
          <Group gap="xs">
            <StatusTag status={String(row.status)} size="lg" />
          </Group>
          <FieldFacts
            entity={HPLC_REQUESTS}
            names={row.rd_sample_id != null ? SAMPLE_FACTS : FACTS}
            row={row}
          />
          {row.passed != null && <Verdict row={row} />}
          {open && analyst && <ResultForm row={row} onEntered={setRow} />}
          {open && !analyst && (
            <Text size="sm" c="dimmed">
              Waiting for the lab: an HPLC technician enters the result.
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

export function HplcRequestsPage() {
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <PotencyDriftAlert />
      <EntityListPage entity={HPLC_REQUESTS} onOpen={(row) => row && setOpen(row.id)} />
      {open !== null && <RequestDrawer id={open} onClose={close} />}
    </>
  );
}
