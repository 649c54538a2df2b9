import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fieldErrors } from '../../../../api/api-error.ts';
import { PRODUCTION_ORDERS } from '../../../../domain/entities/production/production-orders.entity.ts';
import { formatMeasured } from '../../../../domain/formats/quantity.format.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';

// The batcher's picks of a released order: each line shows the lot and
// bin the server suggested (first expiring first) and the batcher confirms it, or scans or
// types the lot and bin actually taken. A scanner types and presses Enter: Enter in the lot
// moves to the bin, Enter in the bin confirms the line and moves to the next one; the lot and
// bin fields also list what is on hand there, to pick from with the mouse. The server
// refuses a lot or bin that is not the ingredient's, not released, or short, on its line.

type Pick = {
  id: number;
  product_id: number;
  product_sku: string | null;
  product_name: string | null;
  lot_no: string | null;
  bin_code: string | null;
  location_name: string | null;
  required_qty: number | string;
};
type Ingredient = { product_id: number; product_sku: string | null; required_qty: number | string };
type OrderDetail = { version: number; picks: Pick[]; ingredients: Ingredient[] };
/** A lot and bin a pick may take instead, with what is left of it for this order. */
type PickOption = {
  pick_id: number;
  lot_no: string | null;
  bin_code: string | null;
  expiry_date: string | null;
  available: number;
};
type Line = { lot: string; bin: string; confirmed: boolean };

const ORDERS_URL = PRODUCTION_ORDERS.api.replace(/^\/api\//, '');
/** Picks are measured in ml of the ingredient, to the qty columns' thousandth. */
const qty = (value: number | string) => formatMeasured(value, 'ml');
const SCAN = { autoComplete: 'off', autoCorrect: 'off', spellCheck: false } as const;
const selectAll = (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select();

/** What a line takes: the scanned value, or the suggestion when nothing was scanned. */
const taken = (line: Line, pick: Pick) => ({
  lot_no: line.lot.trim() || (pick.lot_no ?? ''),
  bin_code: line.bin.trim() || (pick.bin_code ?? ''),
});

function PickLine({
  pick,
  options,
  index,
  line,
  errors,
  onChange,
  lotRef,
  onConfirmed,
}: {
  pick: Pick;
  options: readonly PickOption[];
  index: number;
  line: Line;
  errors: Readonly<Record<string, string>>;
  onChange: (line: Line) => void;
  lotRef: (el: HTMLInputElement | null) => void;
  onConfirmed: () => void;
}) {
  const binInput = useRef<HTMLInputElement>(null);
  const take = taken(line, pick);
  const changed = take.lot_no !== (pick.lot_no ?? '') || take.bin_code !== (pick.bin_code ?? '');
  const enter = (next: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    next();
  };
  const name = pick.product_sku ?? `Product ${pick.product_id}`;
  // "Scan or pick": the lots on hand where the pick is taken, and the bins of the lot taken.
  const lots = [...new Set(options.flatMap((o) => (o.lot_no ? [o.lot_no] : [])))];
  const bins = [
    ...new Set(
      options.flatMap((o) => (o.lot_no === take.lot_no && o.bin_code ? [o.bin_code] : [])),
    ),
  ];
  const describe = (lot: string) =>
    options
      .filter((o) => o.lot_no === lot)
      .map((o) => `${o.bin_code ?? 'no bin'}: ${qty(o.available)}`)
      .join(', ');
  return (
    <Paper
      component="section"
      withBorder
      p="sm"
      radius="md"
      data-pick={name}
      aria-label={`Pick of ${name}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{name}</Text>
          <Text size="xs" c="dimmed">
            {pick.product_name ?? ''}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text fw={700}>{qty(pick.required_qty)}</Text>
          {changed && (
            <Badge color="orange" variant="light" tt="none">
              Scanned, not the suggestion
            </Badge>
          )}
        </div>
      </Group>
      <Text size="sm" mt={4} data-suggested>
        Suggested: lot <b>{pick.lot_no ?? '(none)'}</b> · bin <b>{pick.bin_code ?? '(none)'}</b>
        {pick.location_name ? ` · ${pick.location_name}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs" verticalSpacing="xs">
        <Autocomplete
          {...SCAN}
          ref={lotRef}
          size="md"
          label={`Lot of ${name}`}
          placeholder={pick.lot_no ?? ''}
          data={lots}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.value}</Text>
              <Text size="xs" c="dimmed">
                {describe(option.value)}
              </Text>
            </div>
          )}
          value={line.lot}
          onFocus={selectAll}
          error={errors[`picks.${index}.lot_no`]}
          onChange={(lot) => onChange({ ...line, lot })}
          onKeyDown={enter(() => binInput.current?.focus())}
        />
        <Autocomplete
          {...SCAN}
          ref={binInput}
          size="md"
          label={`Bin of ${name}`}
          placeholder={pick.bin_code ?? ''}
          data={bins}
          value={line.bin}
          onFocus={selectAll}
          error={errors[`picks.${index}.bin_code`]}
          onChange={(bin) => onChange({ ...line, bin })}
          onKeyDown={enter(() => {
            onChange({ ...line, confirmed: true });
            onConfirmed();
          })}
        />
        <Checkbox
          size="md"
          mt={{ base: 0, sm: 30 }}
          label={`Confirm ${name}`}
          checked={line.confirmed}
          onChange={(event) => onChange({ ...line, confirmed: event.currentTarget.checked })}
        />
      </SimpleGrid>
    </Paper>
  );
}

export function RecordPicksModal({
  orderId,
  number,
  onClose,
}: {
  orderId: number;
  number: string;
  onClose: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const phone = useMediaQuery('(max-width: 36em)', false);
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [options, setOptions] = useState<readonly PickOption[]>([]);
  const [lines, setLines] = useState<Line[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const lotInputs = useRef<(HTMLInputElement | null)[]>([]);
  const submit = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([
      request<OrderDetail>({ url: `${ORDERS_URL}/${orderId}` }),
      request<{ rows: PickOption[] }>({ url: `${ORDERS_URL}/${orderId}/pick-options` }),
    ])
      .then(([reply, offered]) => {
        if (!live) return;
        const detail = reply.data;
        setOrder(detail);
        setOptions(offered.data.rows);
        setLines(detail.picks.map(() => ({ lot: '', bin: '', confirmed: false })));
      })
      .catch((error: unknown) => {
        if (live) showFailure(error, false);
      });
    return () => {
      live = false;
    };
  }, [request, orderId]);

  const short = (order?.ingredients ?? []).flatMap((ingredient) => {
    const offered = (order?.picks ?? [])
      .filter((p) => p.product_id === ingredient.product_id)
      .reduce((sum, p) => sum + Number(p.required_qty), 0);
    const missing = Number(ingredient.required_qty) - offered;
    return missing > 0.0005 ? [`${ingredient.product_sku ?? ''}: ${qty(missing)} short`] : [];
  });
  const allConfirmed = lines.length > 0 && lines.every((l) => l.confirmed);

  async function record() {
    if (!order || !allConfirmed || busy) return;
    setBusy(true);
    setErrors({});
    try {
      await request({
        url: `${ORDERS_URL}/${orderId}/picks`,
        method: 'POST',
        quiet: true,
        data: {
          version: order.version,
          picks: order.picks.map((pick, i) => ({
            id: pick.id,
            picked_qty: Number(pick.required_qty),
            ...taken(lines[i] ?? { lot: '', bin: '', confirmed: true }, pick),
          })),
        },
      });
      notify.success(`Picks of ${number} recorded`);
      onClose();
    } catch (error) {
      const byField = fieldErrors(error);
      const onLines = Object.keys(byField).some((f) => /^picks\.\d+\./.test(f));
      if (onLines) setErrors(byField);
      else showFailure(error, true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>Record picks of {number}</Text>}
      size="xl"
      fullScreen={phone}
    >
      {order === null ? (
        <Loader size="sm" />
      ) : (
        <form
          aria-label={`Picks of ${number}`}
          onSubmit={(event) => {
            event.preventDefault();
            void record();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Confirm each lot and bin as suggested, or scan the ones you take.
            </Text>
            {short.length > 0 && (
              <Alert color="red" title="Not enough stock to pick">
                {short.join('; ')}
              </Alert>
            )}
            {order.picks.map((pick, i) => (
              <PickLine
                key={pick.id}
                pick={pick}
                options={options.filter((o) => o.pick_id === pick.id)}
                index={i}
                line={lines[i] ?? { lot: '', bin: '', confirmed: false }}
                errors={errors}
                lotRef={(el) => {
                  lotInputs.current[i] = el;
                }}
                onChange={(line) => {
                  setLines((all) => all.map((l, j) => (j === i ? line : l)));
                  setErrors({});
                }}
                onConfirmed={() => {
                  const next = lotInputs.current[i + 1];
                  if (next) next.focus();
                  // After the last confirmation renders, when the button is enabled.
                  else requestAnimationFrame(() => submit.current?.focus());
                }}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button ref={submit} type="submit" disabled={!allConfirmed} loading={busy}>
                Record picks
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
