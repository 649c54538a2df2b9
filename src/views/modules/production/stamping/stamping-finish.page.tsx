import {
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { STAMPING_ORDERS } from '../../../../domain/entities/production/stamping-orders.entity.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import {
  counterDelta,
  reconciliationProblem,
  reelDifference,
  reelTotals,
  type ReelCount,
} from '../../../../domain/entities/production/stamping-reconciliation.ts';
import { recordIdOf } from '../../../common/entity-form/entity-form-page.tsx';
import { useStampingOrder, type OrderReel } from './use-stamping-order.ts';
import { StatusTag } from '../../../common/status-tag.tsx';
import { Fact } from '../../../common/fact.tsx';
import { BesideTimeline } from '../../../common/timeline/beside-timeline.tsx';

// The finish page (production.stamping-order-finish): one line per issued reel where the
// stamper enters applied, wasted, damaged and returned stamps, and sees each reel's running
// difference (issued − all four) and the counter's check before saving, with the rule the
// server refuses by (stamping-reconciliation.ts). A finished order shows what was recorded.

/** A text column of the row, or the fallback when empty. */
const text = (value: unknown, fallback = '—') =>
  typeof value === 'string' && value ? value : fallback;

const COUNTS = ['applied', 'wasted', 'damaged', 'returned'] as const;
type Count = (typeof COUNTS)[number];

export function StampingFinishPage() {
  const id = recordIdOf(useParams().id);
  const { row, send, busy } = useStampingOrder(id ?? null);
  const [lines, setLines] = useState<ReelCount[]>([]);
  const [counterEnd, setCounterEnd] = useState<number | null>(null);
  const [wastedBottles, setWastedBottles] = useState(0);
  const editing = row?.status === 'in_progress';
  useEffect(() => {
    setLines((row?.reels ?? []).map((r: OrderReel) => ({ ...r })));
  }, [row]);
  if (!id) return <Alert color="red">Open a stamping order from the list to finish it.</Alert>;
  if (!row) return null;

  const counterStart = row.counter_start ?? null;
  const end = editing ? counterEnd : (row.counter_end ?? null);
  const tolerance = row.counter_tolerance ?? 0;
  const problem = reconciliationProblem({ reels: lines, counterStart, counterEnd: end, tolerance });
  const totals = reelTotals(lines);
  const delta = counterDelta({ counterStart, counterEnd: end });
  const set = (index: number, count: Count, value: number | string) =>
    setLines((all) =>
      all.map((line, i) => (i === index ? { ...line, [count]: Number(value) || 0 } : line)),
    );
  const finish = () =>
    void send('finish', {
      counter_end: counterEnd,
      wasted_bottles: wastedBottles,
      reels: (row.reels ?? []).map((r, i) => ({
        reel_id: r.reel_id,
        ...Object.fromEntries(COUNTS.map((c) => [c, lines[i]?.[c] ?? 0])),
      })),
    });

  return (
    <Box p="md">
      <BesideTimeline entity={STAMPING_ORDERS} id={row.id} revision={row.version}>
        <Paper p="md" withBorder>
          <Stack>
            <Group justify="space-between">
              <Title order={3}>Finish stamping {String(row.number)}</Title>
              <StatusTag status={String(row.status)} size="lg" />
            </Group>
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
              <Fact label="Stamped SKU">{text(row.product_sku, '—')}</Fact>
              <Fact label="MO">{text(row.production_order_number, 'Restamp of stock')}</Fact>
              <Fact label="Jurisdiction">{text(row.stamp_jurisdiction_name, '—')}</Fact>
              <Fact label="Machine">{text(row.machine_code, '—')}</Fact>
              <Fact label="Planned units">{formatInteger(row.planned_units)}</Fact>
            </SimpleGrid>
            {row.status !== 'in_progress' && row.status !== 'finished' && (
              <Alert color="yellow">
                This order is {String(row.status).replaceAll('_', ' ')}: its reels are not issued.
              </Alert>
            )}
            <Table striped withTableBorder highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reel</Table.Th>
                  <Table.Th>Serials</Table.Th>
                  <Table.Th ta="right">Issued</Table.Th>
                  {COUNTS.map((c) => (
                    <Table.Th key={c} ta="right" tt="capitalize">
                      {c}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Difference</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => {
                  const difference = reelDifference(line);
                  const reel = row.reels?.[index];
                  return (
                    <Table.Tr key={line.reel_no}>
                      <Table.Td>{line.reel_no}</Table.Td>
                      <Table.Td>
                        {reel?.first_serial ?? '—'}–{reel?.last_serial ?? '—'}
                      </Table.Td>
                      <Table.Td ta="right">{formatInteger(line.issued_qty)}</Table.Td>
                      {COUNTS.map((c) => (
                        <Table.Td key={c} ta="right">
                          {editing ? (
                            <NumberInput
                              aria-label={`${c} of reel ${line.reel_no}`}
                              size="xs"
                              w={90}
                              min={0}
                              allowDecimal={false}
                              allowNegative={false}
                              value={line[c]}
                              onChange={(v) => set(index, c, v)}
                            />
                          ) : (
                            formatInteger(line[c])
                          )}
                        </Table.Td>
                      ))}
                      <Table.Td
                        ta="right"
                        c={difference === 0 ? 'teal' : 'red'}
                        fw={600}
                        data-testid={`difference-${line.reel_no}`}
                      >
                        {difference > 0
                          ? `+${formatInteger(difference)}`
                          : formatInteger(difference)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>Totals</Table.Th>
                  {COUNTS.map((c) => (
                    <Table.Th key={c} ta="right">
                      {totals[c]}
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
            <Group align="flex-end">
              <Fact label="Counter at start">{counterStart ?? '—'}</Fact>
              {editing ? (
                <NumberInput
                  label="Counter at end"
                  w={160}
                  min={0}
                  allowDecimal={false}
                  value={counterEnd ?? ''}
                  onChange={(v) => setCounterEnd(typeof v === 'number' ? v : null)}
                />
              ) : (
                <Fact label="Counter at end">{end ?? '—'}</Fact>
              )}
              <Fact
                label={`Counter moved (applied + wasted, ±${tolerance})`}
              >{`${delta ?? '—'} (${totals.applied + totals.wasted})`}</Fact>
              {editing ? (
                <NumberInput
                  label="Wasted bottles"
                  w={140}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={wastedBottles}
                  onChange={(v) => setWastedBottles(Number(v) || 0)}
                />
              ) : (
                <Fact label="Wasted bottles">{row.wasted_bottles ?? 0}</Fact>
              )}
              <Fact label="Stamped units">
                {editing ? totals.applied : (row.stamped_units ?? 0)}
              </Fact>
            </Group>
            {editing && (
              <Group>
                <Button onClick={finish} loading={busy} disabled={problem !== null}>
                  Finish
                </Button>
                <Text size="sm" c={problem ? 'red' : 'teal'}>
                  {problem ? problem.message : 'Every reel is accounted for.'}
                </Text>
              </Group>
            )}
          </Stack>
        </Paper>
      </BesideTimeline>
    </Box>
  );
}
