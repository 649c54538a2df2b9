import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useCallback, useContext, useEffect, useState } from 'react';
import {
  addWorkOrderComment,
  fetchWorkOrderComments,
  type WorkOrderComment,
} from '../../../api/work-orders.api.ts';
import { WORK_ORDERS } from '../../../domain/entities/production/work-orders.entity.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { DateText } from '../../common/format/date-text.tsx';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';

// The comments of a work order under its form: who said what and when, oldest first, and a
// box to add one. Comments are never edited or deleted; the report lists them all. Another
// person's comment arrives live (`work_order.commented` on production.machines).

/** The work orders' channel without its `private-` prefix. */
const WORK_ORDERS_CHANNEL = WORK_ORDERS.channel.replace(/^private-/, '');

type Commented = { id: number; data: WorkOrderComment | null };

/** The list with `comment` in its place, once. */
function withComment(list: WorkOrderComment[] | null, comment: WorkOrderComment) {
  if (list?.some((c) => c.id === comment.id)) return list;
  return [...(list ?? []), comment].sort((a, b) => a.id - b.id);
}

export function WorkOrderComments({ workOrderId }: { workOrderId: number }) {
  const request = useContext(EntityRequestContext);
  const [comments, setComments] = useState<WorkOrderComment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setComments(await fetchWorkOrderComments(request, workOrderId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [request, workOrderId]);

  useEffect(() => {
    void load();
  }, [load]);

  const connection = useRealtimeConnection();
  useEffect(() => {
    if (!connection) return;
    return connection.listen<Commented>(
      WORK_ORDERS_CHANNEL,
      'work_order.commented',
      (payload) => {
        if (payload.id !== workOrderId) return;
        const comment = payload.data;
        // Without the comment (the channel's other readers get ids only), read the thread.
        if (comment) setComments((list) => withComment(list, comment));
        else void load();
      },
      // Live from here on: read once more, so a comment sent meanwhile is not missed.
      () => void load(),
    );
  }, [connection, workOrderId, load]);

  async function add() {
    const body = draft.trim();
    if (!body) return;
    setBusy(true);
    try {
      const comment = await addWorkOrderComment(request, workOrderId, body);
      setComments((list) => withComment(list, comment));
      setDraft('');
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper p="md" withBorder aria-label="Comments" component="section">
      <Title order={4} mb="sm">
        Comments
      </Title>
      <Stack gap="sm">
        {failed && <Alert color="red">The comments could not be read.</Alert>}
        {comments?.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        {comments?.map((comment) => (
          <Paper key={comment.id} p="sm" bg="var(--mantine-color-default-hover)" radius="sm">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {comment.created_by_name ?? 'Unknown'}
              </Text>
              <Text size="xs" c="dimmed">
                <DateText value={comment.created_at} withTime />
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.body}
            </Text>
            {comment.attachments.map((file) => (
              <Text
                key={file.url}
                size="xs"
                component="a"
                href={file.url}
                target="_blank"
                rel="noreferrer"
              >
                {file.name}
              </Text>
            ))}
          </Paper>
        ))}
        <Textarea
          label="Add a comment"
          placeholder="What you saw, did or need"
          autosize
          minRows={2}
          maxLength={4000}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') void add();
          }}
        />
        <Group justify="flex-end">
          <Button
            size="xs"
            leftSection={<IconMessagePlus size={14} />}
            loading={busy}
            disabled={draft.trim() === ''}
            onClick={() => void add()}
          >
            Add comment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
