import { Button, Divider } from '@mantine/core';
import { IconCopyPlus } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { recordNotice } from '../../../src/api/result-notice.ts';
import { canAccess } from '../../../src/domain/access.ts';
import { readOnlyForRoles } from '../../../src/domain/entity/can-write-entity.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';
import { TRAINING_DOCUMENTS } from '../shared/entities/training-documents.entity.ts';
import { allowedTrainingDocumentActions } from '../shared/machines/training-document.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { draftOnly } from '../../../src/views/common/entity/draft-only.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import { DOCUMENT_FILE } from './document-file.extra.tsx';

// Training documents, one row per revision: a draft is written here with its file, then
// approved and made effective from its drawer's actions. A revision past its draft is changed
// only by writing the next one: "New revision" starts it (the server copies code, title,
// category and curricula, numbers it next) and the drawer moves on to that draft.

type DocumentRow = RowOf<typeof TRAINING_DOCUMENTS>;

/** Revisions a next one is written from: those no longer being written themselves. */
const REVISED_FROM = new Set(['effective', 'superseded', 'obsolete']);

function NewRevisionButton({
  row,
  onCreated,
}: {
  row: DocumentRow;
  onCreated: (row: DocumentRow) => void;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const reply = await request<DocumentRow>({
        url: `${TRAINING_DOCUMENTS.api.replace(/^\/api\//, '')}/${row.id}/new-revision`,
        method: 'POST',
        data: { version: row.version },
      });
      const draft = reply.data;
      notify.result(
        recordNotice(
          TRAINING_DOCUMENTS.label,
          { code: `${draft.code} rev ${draft.revision}` },
          'created',
        ),
      );
      onCreated(draft);
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconCopyPlus size={16} />}
      loading={busy}
      onClick={() => void start()}
    >
      New revision
    </Button>
  );
}

export function TrainingDocumentsPage() {
  const { roles } = useUser();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [created, setCreated] = useState<DocumentRow | null>(null);
  // An event or a new revision: the drawer reads its record again.
  const [generation, setGeneration] = useState(0);
  const reader = readOnlyForRoles(roles, TRAINING_DOCUMENTS);
  const writer = canAccess(roles, 'training_change');
  const openDraft = (draft: DocumentRow) => {
    setCreated(draft);
    setEditing({ id: draft.id });
    setGeneration((g) => g + 1);
  };
  return (
    <>
      <EntityListPage
        entity={TRAINING_DOCUMENTS}
        onOpen={(row) => setEditing({ id: row?.id ?? null })}
        created={created}
        phoneCards={{
          title: 'code',
          subtitle: 'title',
          facts: ['revision', 'status', 'effective_date', 'category_name'],
        }}
      />
      {editing && (
        <EntityFormDrawer
          key={`${editing.id ?? 'new'}-${generation}`}
          entity={TRAINING_DOCUMENTS}
          id={editing.id}
          opened
          extra={DOCUMENT_FILE}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id === null) setCreated(rowOf(TRAINING_DOCUMENTS, row));
          }}
          readOnlyReason={(row) => draftOnly(TRAINING_DOCUMENTS, row) ?? reader}
          toolbar={(row) => (
            <DocumentActions
              entity={TRAINING_DOCUMENTS}
              doc={row}
              allowed={allowedTrainingDocumentActions}
              onDone={() => setGeneration((g) => g + 1)}
              extra={(doc) => {
                const revision = rowOf(TRAINING_DOCUMENTS, doc);
                return writer && REVISED_FROM.has(revision.status ?? '') ? (
                  <NewRevisionButton row={revision} onCreated={openDraft} />
                ) : null;
              }}
            />
          )}
          footer={(row) => (
            <>
              <Divider />
              <DocumentTimeline entity={TRAINING_DOCUMENTS} id={row.id} revision={row.version} />
            </>
          )}
        />
      )}
    </>
  );
}
