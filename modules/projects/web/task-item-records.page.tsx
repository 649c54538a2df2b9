import { Alert, Box, Button } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { childrenApi } from './api/projects.api.ts';
import {
  PM_TASK_ITEM_RECORDS,
  type TaskItemRecordRow,
} from '../shared/entities/pm-task-item-records.entity.ts';
import { PM_TASK_ITEMS } from '../shared/entities/pm-task-items.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { formatNumber } from '../../../src/domain/formats/number.format.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { parentExtra } from './child-form-extra.ts';
import { ProjectHeader } from './project-header.tsx';
import { taskItemsPath } from './project-paths.ts';
import { attachHeldFiles } from './pending-record-files.tsx';
import { RecordFiles } from './record-files.tsx';
import { useLiveChildren, useLiveRecord } from './use-live-children.ts';
import { isSet } from '../../../src/api/bool-to-int.ts';

// /task_items/record/{task_item_id}: the hours logged against one task item, live, with how
// many files each holds; New logs a day's hours (more than 0, at most 24) with a note, and an
// open record takes files (receipts, timesheets) under its fields.

const noop = () => undefined;

export function TaskItemRecordsPage() {
  const itemId = Number(useParams().task_item_id);
  const request = useContext(EntityRequestContext);
  const item = useLiveRecord(PM_TASK_ITEMS, itemId);
  // Summed from the records on screen: a new record changes them, not the item row.
  const { rows: records } = useLiveChildren(PM_TASK_ITEM_RECORDS, 'task_item_id', itemId);
  const hours = records.reduce((sum, r) => sum + (r.hours ?? 0), 0);
  const api = useMemo(
    () => childrenApi(PM_TASK_ITEM_RECORDS, 'task_item_id', itemId, request),
    [itemId, request],
  );
  const extra = useMemo(() => parentExtra('task_item_id', itemId), [itemId]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [created, setCreated] = useState<TaskItemRecordRow | null>(null);
  // A new record's files, chosen before its first save and attached right after it.
  const [held, setHeld] = useState<File[]>([]);
  // A finished project takes no more hours (the server refuses them): its records are read.
  const closed = isSet(item?.project_closed)
    ? 'The project is finished: its hours no longer change.'
    : null;

  if (!Number.isInteger(itemId) || itemId <= 0) return <Alert m="md">No such task item.</Alert>;
  return (
    <Box>
      {item && (
        <ProjectHeader
          title={item.title}
          status={String(item.status)}
          facts={[`Task ${item.task_title ?? ''}`, `${formatNumber(hours, 2)} hours logged`]}
          actions={
            <Button size="sm" variant="subtle" component={Link} to={taskItemsPath(item.task_id)}>
              Task items
            </Button>
          }
        />
      )}
      <EntityListPage
        entity={PM_TASK_ITEM_RECORDS}
        api={api}
        onOpen={(row) => {
          setHeld([]);
          setEditing({ id: row?.id ?? null });
        }}
        created={created}
        gridHeight="calc(100vh - 300px)"
        closedForNew={closed}
        phoneCards={{ title: 'record_date', facts: ['hours', 'file_count'] }}
      />
      {editing && (
        <EntityFormDrawer
          entity={PM_TASK_ITEM_RECORDS}
          id={editing.id}
          opened
          extra={extra}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id !== null) return;
            const record = rowOf(PM_TASK_ITEM_RECORDS, row);
            setCreated(record);
            if (held.length > 0) void attachHeldFiles(request, record, held);
          }}
          readOnlyReason={() => closed}
          // A file attached or removed moves the record's version: the form reads it again.
          tools={(form, row, reread) => (
            <RecordFiles
              record={row && rowOf(PM_TASK_ITEM_RECORDS, row)}
              unsaved={form.isDirty()}
              onChanged={reread}
              held={{ files: held, onChange: setHeld }}
            />
          )}
          // A finished project's record reads only; its files are still listed to download.
          footer={
            closed
              ? (row) => (
                  <RecordFiles
                    record={rowOf(PM_TASK_ITEM_RECORDS, row)}
                    unsaved={false}
                    onChanged={noop}
                  />
                )
              : undefined
          }
        />
      )}
    </Box>
  );
}
