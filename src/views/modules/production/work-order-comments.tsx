import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useCallback, useContext, useEffect, useState } from 'react';
import {
  addWorkOrderComment,
  fetchWorkOrderComments,
  type WorkOrderComment,
} from '../../../api/work-orders.api.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { DateText } from '../../common/format/date-text.tsx';

// The comments of a work order under its form: who said what and when, oldest first, and a
// box to add one. Comments are never edited or deleted; the report lists them all.

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

  async function add() {
    const body = draft.trim();
    if (!body) return;
    setBusy(true);
    try {
      const comment = await addWorkOrderComment(request, workOrderId, body);
      setComments((list) => [...(list ?? []), comment]);
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
