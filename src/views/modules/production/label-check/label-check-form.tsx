import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { labelMismatch } from '../../../../domain/entities/production/label-check-match.ts';
import { fieldErrors } from '../../../../api/api-error.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import type { LabelingOrder } from '../../../../domain/entities/production/labeling-order.ts';
import { LABEL_CHECKS_URL } from './use-labeling-orders.ts';

// The label check of one order: the UPC and lot its labels must carry, the
// scanned ones beside them with a live match, and the verdict. A barcode scanner types and
// presses Enter, so Enter in the UPC moves to the lot, and Enter in the lot records a matching
// label as passed; a label that does not match (or one the person fails) asks for the reason
// first. The server judges the scan again and never records a mismatch as passed.

type Verdict = 'pass' | 'fail';
type Recorded = { result: Verdict; reason: string | null };

const BIG = { size: 'lg', autoComplete: 'off', autoCorrect: 'off', spellCheck: false } as const;

function Expected({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} ff="monospace" data-expected={label}>
        {value}
      </Text>
    </div>
  );
}

const matchIcon = (filled: boolean, ok: boolean) =>
  !filled ? null : ok ? (
    <IconCircleCheck color="var(--mantine-color-green-7)" aria-label="matches" />
  ) : (
    <IconCircleX color="var(--mantine-color-red-7)" aria-label="does not match" />
  );

export function LabelCheckForm({
  order,
  onRecorded,
  onCancel,
}: {
  order: LabelingOrder;
  onRecorded: (recorded: Recorded) => void;
  onCancel: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const [code, setCode] = useState('');
  const [lot, setLot] = useState('');
  const [chosen, setChosen] = useState<Verdict | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const lotInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);

  // Chosen from the order picker after the modal opened: the scanner types into the UPC next.
  useEffect(() => codeInput.current?.focus(), []);

  const expected = { upc: order.expected_code, lot_no: order.expected_lot };
  const mismatch = labelMismatch(expected, { code, lot });
  const scanned = code.trim() !== '' && lot.trim() !== '';
  const codeOk = code.trim() === order.expected_code;
  const lotOk = lot.trim() === order.expected_lot;
  // A label that does not match can only fail; a matching one passes unless the person fails it.
  const verdict: Verdict = mismatch !== null ? 'fail' : (chosen ?? 'pass');

  function askReason() {
    setChosen('fail');
    if (reason.trim() === '' && mismatch) setReason(mismatch);
    requestAnimationFrame(() => reasonInput.current?.focus());
  }

  async function record() {
    if (!scanned || busy) return;
    const why = reason.trim();
    if (verdict === 'fail' && why === '') {
      setReasonError('Reason is required');
      reasonInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await request<Recorded>({
        url: LABEL_CHECKS_URL,
        method: 'POST',
        quiet: true,
        data: {
          production_order_id: order.id,
          scanned_code: code.trim(),
          lot_no_scanned: lot.trim(),
          result: verdict,
          ...(verdict === 'fail' ? { reason: why } : {}),
        },
      });
      const recorded = reply.data;
      if (recorded.result === 'pass') {
        notify.success(`${order.number}: UPC and lot match`, 'Label check passed');
      } else notify.warning(recorded.reason ?? '', `Label check of ${order.number} failed`);
      onRecorded(recorded);
    } catch (error) {
      if (fieldErrors(error).reason) setReasonError('Reason is required');
      else showFailure(error, true);
    } finally {
      setBusy(false);
    }
  }

  const onEnter = (next: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    next();
  };

  return (
    <form
      aria-label={`Label check of ${order.number}`}
      onSubmit={(event) => {
        event.preventDefault();
        void record();
      }}
    >
      <Stack gap="md">
        <div>
          <Text fw={700}>
            {order.number} · {order.product_sku ?? ''}
          </Text>
          <Text size="sm" c="dimmed">
            {order.product_name ?? ''}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Expected label="Expected UPC" value={order.expected_code ?? 'No UPC on the product'} />
          <Expected label="Expected lot" value={order.expected_lot} />
        </SimpleGrid>
        <TextInput
          {...BIG}
          ref={codeInput}
          label="Scanned UPC"
          description="Scan the bottle's barcode, or type it and press Enter"
          inputMode="numeric"
          data-autofocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          onKeyDown={onEnter(() => lotInput.current?.focus())}
          rightSection={matchIcon(code.trim() !== '', codeOk)}
          error={code.trim() !== '' && !codeOk ? 'Does not match the expected UPC' : undefined}
        />
        <TextInput
          {...BIG}
          ref={lotInput}
          label="Scanned lot"
          value={lot}
          onChange={(event) => setLot(event.currentTarget.value)}
          onKeyDown={onEnter(() => {
            if (!scanned) return;
            if (verdict === 'pass') void record();
            else askReason();
          })}
          rightSection={matchIcon(lot.trim() !== '', lotOk)}
          error={lot.trim() !== '' && !lotOk ? 'Does not match the expected lot' : undefined}
        />
        {scanned && (
          <Alert
            role="status"
            color={mismatch === null ? 'green' : 'red'}
            icon={mismatch === null ? <IconCircleCheck /> : <IconCircleX />}
            title={mismatch === null ? 'The label matches' : 'The label does not match'}
          >
            {mismatch ?? 'UPC and lot are the expected ones.'}
          </Alert>
        )}
        <SegmentedControl
          fullWidth
          size="lg"
          aria-label="Result"
          value={verdict}
          onChange={(value) => {
            setChosen(value);
            if (value === 'fail') askReason();
          }}
          data={[
            { value: 'pass', label: 'Pass', disabled: mismatch !== null },
            { value: 'fail', label: 'Fail' },
          ]}
        />
        {verdict === 'fail' && (
          <TextInput
            {...BIG}
            ref={reasonInput}
            label="Reason"
            required
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
            onKeyDown={onEnter(() => void record())}
          />
        )}
        <Group grow>
          <Button size="lg" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            size="lg"
            type="submit"
            color={verdict === 'pass' ? 'green' : 'red'}
            disabled={!scanned}
            loading={busy}
          >
            {verdict === 'pass' ? 'Record pass' : 'Record failure'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
