import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  WORK_GROUPS,
  type MyWork,
  type MyWorkQueue,
  type WorkGroup,
} from '../../domain/my-work.ts';
import type { MyWorkState } from '../../streams/my-work.stream.ts';
import { useMyWork } from './use-my-work.ts';

// The top of the home page: what waits for the signed-in person (docs/journeys.md, Everyone), one
// card per queue with its count, its next rows as links and a link to the whole queue, grouped
// as decisions, floor steps, counts and work orders. Every link is a plain anchor, reached with
// Tab and opened with Enter.

const GROUP_ORDER = Object.keys(WORK_GROUPS) as WorkGroup[];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function QueueCard({ queue }: { queue: MyWorkQueue }) {
  const titleId = `my-work-${queue.key}`;
  const more = queue.count - queue.items.length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm" id={titleId}>
          {queue.title}
        </Text>
        <Badge variant="light" aria-label={`${queue.count} waiting`}>
          {queue.count}
        </Badge>
      </Group>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {queue.items.map((item) => (
          <li key={item.id}>
            <Anchor component={Link} to={item.href} size="sm" fw={500}>
              {item.label}
            </Anchor>
            {item.detail !== '' && (
              <Text span size="sm" c="dimmed">
                {' '}
                · {item.detail}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      <Anchor component={Link} to={queue.href} size="xs" mt="xs" display="inline-block">
        {more > 0 ? `See all ${queue.count}` : 'Open the list'}
      </Anchor>
    </Card>
  );
}

function Queues({ work }: { work: MyWork }) {
  if (work.queues.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="my-work-empty">
        Nothing waits for you right now.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {GROUP_ORDER.map((group) => {
        const queues = work.queues.filter((q) => q.group === group);
        if (queues.length === 0) return null;
        return (
          <div key={group}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
              {WORK_GROUPS[group]}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {queues.map((queue) => (
                <QueueCard key={queue.key} queue={queue} />
              ))}
            </SimpleGrid>
          </div>
        );
      })}
    </Stack>
  );
}

/** "My work" as a state reads: loading, the queues, or the last queues with a failure. */
export function MyWorkView({ state }: { state: MyWorkState }) {
  const waiting =
    state.status === 'ready' ? state.work.queues.reduce((sum, q) => sum + q.count, 0) : null;
  return (
    <section aria-label="My work" data-testid="my-work">
      <Text fw={600} mb="sm">
        My work{' '}
        {waiting !== null && (
          <Text span c="dimmed" fw={400}>
            · {waiting === 0 ? 'nothing waiting' : plural(waiting, 'item waits', 'items wait')}
          </Text>
        )}
      </Text>
      {state.status === 'loading' && (
        <Text size="sm" c="dimmed">
          Reading what waits for you…
        </Text>
      )}
      {state.status === 'failed' && (
        <Text size="sm" c="orange.8" mb="sm" role="alert">
          <strong>Your work could not be read.</strong> It is read again on its own in a moment
          {state.work ? '; below is what was waiting at the last read.' : '.'}
        </Text>
      )}
      {state.status === 'ready' && <Queues work={state.work} />}
      {state.status === 'failed' && state.work && <Queues work={state.work} />}
    </section>
  );
}

export function MyWorkSection() {
  return <MyWorkView state={useMyWork()} />;
}
