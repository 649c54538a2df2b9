import { Alert, Anchor, Button, Group, Loader, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { TimelineEntry } from '../../../domain/entity/timeline-entry.ts';
import { DateText } from '../format/date-text.tsx';
import { StatusTag } from '../status-tag.tsx';
import { changeLines, entryTitle } from './timeline-changes.ts';
import { useDocumentTimeline } from './use-document-timeline.ts';

// The story of a document, the same on every document's form: each
// transition (from → to, who, when, why) and each audited write, oldest first, read from the
// one timeline route. It is read again when `revision` (the document's version) moves.

export interface DocumentTimelineProps {
  entity: EntityDeclaration;
  id: number;
  /** The document's version: a new one reads the timeline again. */
  revision?: unknown;
}

const AUDIT_ICONS = { create: IconPlus, update: IconEdit, delete: IconTrash } as const;

function Bullet({ entry }: { entry: TimelineEntry }) {
  const Icon =
    entry.kind === 'audit'
      ? (AUDIT_ICONS[entry.event as keyof typeof AUDIT_ICONS] ?? IconEdit)
      : IconArrowRight;
  return <Icon size={12} aria-hidden />;
}

function Entry({ entity, entry }: { entity: EntityDeclaration; entry: TimelineEntry }) {
  const changes = changeLines(entity, entry);
  return (
    <>
      <Group gap={6} wrap="wrap">
        {entry.from_status && <StatusTag status={entry.from_status} size="sm" />}
        {entry.from_status && entry.to_status && <Text size="xs">→</Text>}
        {entry.to_status && <StatusTag status={entry.to_status} size="sm" />}
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {entry.by_name ?? 'System'} · <DateText value={entry.at} withTime />
      </Text>
      {entry.reason && (
        <Text size="sm" mt={2}>
          Reason: {entry.reason}
        </Text>
      )}
      {changes.length > 0 && (
        <Text size="xs" mt={2} component="div">
          {changes.map((c) => (
            <div key={c.label}>
              <Text span size="xs" c="dimmed">
                {c.label}:
              </Text>{' '}
              {c.to ? (
                <Anchor component={Link} to={c.to} size="xs">
                  {c.text}
                </Anchor>
              ) : (
                c.text
              )}
            </div>
          ))}
        </Text>
      )}
    </>
  );
}

export function DocumentTimeline({ entity, id, revision }: DocumentTimelineProps) {
  const state = useDocumentTimeline(entity.name, id, revision);
  return (
    <section aria-label="Timeline">
      <Title order={4} fz="md" mb="sm">
        Timeline
      </Title>
      {state.kind === 'loading' && (
        <Loader size="sm" role="status" aria-label="Loading the timeline" />
      )}
      {state.kind === 'failed' && (
        <Alert color="red" variant="light" title="The timeline could not be read">
          <Button size="xs" variant="light" onClick={state.retry}>
            Retry
          </Button>
        </Alert>
      )}
      {state.kind === 'ready' && state.entries.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      )}
      {state.kind === 'ready' && state.entries.length > 0 && (
        <Timeline active={state.entries.length - 1} bulletSize={22} lineWidth={2}>
          {state.entries.map((entry) => (
            <Timeline.Item
              key={`${entry.kind}-${entry.id}`}
              bullet={<Bullet entry={entry} />}
              title={entryTitle(entry, entity.eventLabels)}
              data-event={entry.event}
            >
              <Entry entity={entity} entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  );
}
