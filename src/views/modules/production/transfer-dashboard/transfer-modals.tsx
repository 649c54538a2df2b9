import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type ReactNode } from 'react';
import type { EntityField } from '../../../../domain/entity/entity-field.ts';
import { DateField } from '../../../common/inputs/date-field.tsx';
import { RefSelect } from '../../../common/entity-form/ref-select.tsx';

// What the transfer crew enters from the dashboard, each in a small modal that resolves with
// the values (null when cancelled); the server checks everything again.

function ask<T>(title: string, form: (done: (value: T | null) => void) => ReactNode) {
  return new Promise<T | null>((resolve) => {
    const id = modals.open({
      title,
      onClose: () => resolve(null),
      children: form((value) => {
        resolve(value);
        modals.close(id);
      }),
    });
  });
}

function Buttons({
  onCancel,
  ready,
  label,
}: {
  onCancel: () => void;
  ready: boolean;
  label: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={!ready}>
        {label}
      </Button>
    </Group>
  );
}

const ref = (name: string, entity: string, labelField: string): EntityField => ({
  name,
  label: name,
  kind: 'ref',
  ref: { entity, labelField },
});

export type SkidChoice = { value: string; label: string };
export type Load = { skid_id: number; units: number; cases: number };

function LoadForm(props: {
  skids: readonly SkidChoice[];
  left: number;
  done: (value: Load | null) => void;
}) {
  const [skid, setSkid] = useState<string | null>(props.skids[0]?.value ?? null);
  const [units, setUnits] = useState<number | string>(props.left);
  const [cases, setCases] = useState<number | string>(0);
  const ready = skid !== null && typeof units === 'number' && units > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready)
          props.done({ skid_id: Number(skid), units: Number(units), cases: Number(cases) || 0 });
      }}
    >
      <Stack>
        <Select
          label="Open skid"
          data={[...props.skids]}
          value={skid}
          onChange={setSkid}
          // Choosing the skid already chosen keeps it: the load needs one.
          allowDeselect={false}
          required
        />
        <NumberInput
          label="Units"
          description={`${props.left} left to load`}
          min={1}
          max={props.left}
          value={units}
          onChange={setUnits}
          data-autofocus
          required
        />
        <NumberInput label="Cases" min={0} value={cases} onChange={setCases} />
        <Buttons onCancel={() => props.done(null)} ready={ready} label="Load" />
      </Stack>
    </form>
  );
}

/** Which open skid and how many units of the order to load on it. */
export const askLoad = (order: string, skids: readonly SkidChoice[], left: number) =>
  ask<Load>(`Load ${order} on a skid`, (done) => (
    <LoadForm skids={skids} left={left} done={done} />
  ));

export type NewTransfer = { to_location_id: number; requested_date: string | null };

function NewTransferForm(props: { skids: string; done: (value: NewTransfer | null) => void }) {
  const [to, setTo] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (to !== null) props.done({ to_location_id: to, requested_date: date });
      }}
    >
      <Stack>
        <Text size="sm">Skids: {props.skids}</Text>
        <RefSelect
          field={ref('to_location_id', 'locations', 'name')}
          label="To (distribution centre or warehouse)"
          value={to}
          onChange={setTo}
          required
        />
        <DateField label="Requested for" value={date} onChange={setDate} />
        <Buttons onCancel={() => props.done(null)} ready={to !== null} label="Create transfer" />
      </Stack>
    </form>
  );
}

/** Where the chosen closed skids go, and when. */
export const askNewTransfer = (skids: string) =>
  ask<NewTransfer>('New transfer', (done) => <NewTransferForm skids={skids} done={done} />);

export type PailMove = {
  to_phase_id: number;
  volume_ml: number;
  production_order_id?: number | null;
};

function PailMoveForm(props: {
  volume: number;
  capacity: number;
  done: (value: PailMove | null) => void;
}) {
  const [phase, setPhase] = useState<number | null>(null);
  const [order, setOrder] = useState<number | null>(null);
  const [volume, setVolume] = useState<number | string>(props.volume);
  const ready = phase !== null && typeof volume === 'number';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        props.done({
          to_phase_id: phase,
          volume_ml: Number(volume),
          ...(order !== null ? { production_order_id: order } : {}),
        });
      }}
    >
      <Stack>
        <RefSelect
          field={ref('to_phase_id', 'phases', 'name')}
          label="To phase"
          value={phase}
          onChange={setPhase}
          required
        />
        <RefSelect
          field={ref('production_order_id', 'production_orders', 'number')}
          label="Order (left empty: the one it holds)"
          value={order}
          onChange={setOrder}
          clearable
        />
        <NumberInput
          label="Volume (ml)"
          min={0}
          max={props.capacity}
          decimalScale={2}
          value={volume}
          onChange={setVolume}
          required
        />
        <Buttons onCancel={() => props.done(null)} ready={ready} label="Move" />
      </Stack>
    </form>
  );
}

/** Where a pail goes, with what volume (0 = emptied). */
export const askPailMove = (code: string, volume: number, capacity: number) =>
  ask<PailMove>(`Move pail ${code}`, (done) => (
    <PailMoveForm volume={volume} capacity={capacity} done={done} />
  ));

function ReasonForm({ done }: { done: (value: string | null) => void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) done(reason.trim());
      }}
    >
      <Stack>
        <TextInput
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
          required
        />
        <Buttons onCancel={() => done(null)} ready={reason.trim() !== ''} label="Confirm" />
      </Stack>
    </form>
  );
}

export const askReason = (title: string) =>
  ask<string>(title, (done) => <ReasonForm done={done} />);
