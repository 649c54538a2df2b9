import { Box, Divider } from '@mantine/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { readOnlyForRoles } from '../../../domain/entity/can-write-entity.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { EventQuestion } from '../../../domain/entity/event-question.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { EntityFormDrawer } from '../entity-form/entity-form-drawer.tsx';
import { recordIdOf } from '../entity-form/entity-form-page.tsx';
import type { FormTools } from '../entity-form/entity-form.tsx';
import { EntityFormPage } from '../entity-form/entity-form-page.tsx';
import type { FormExtra } from '../entity-form/form-extra.ts';
import { DocumentTimeline } from '../timeline/document-timeline.tsx';
import { useUser } from '../../session/use-session.ts';
import { DocumentActions, type AllowedActions } from './document-actions.tsx';
import { draftOnly } from './draft-only.ts';
import type { PhoneCards } from './entity-cards.tsx';
import { EntityListPage } from './entity-list-page.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The screens a module's page map is built from. Most entities are one list whose rows open
// in a drawer; a document with its own form route (customer/{id?}, price-tier/{id?}) opens
// there instead. Read-only lists (reports, logs) open nothing.

export type EntityScreenOptions = {
  lines?: LineItems;
  /** On a phone, one card per row in place of the grid (entity-cards.tsx). */
  phoneCards?: PhoneCards;
  /** The form route without its id (`/general/customer`): rows open there, not in a drawer. */
  formPath?: string;
  /** Drawer inputs for values never read back (a user's new password). */
  extra?: FormExtra;
  /** A document edited in the drawer: read-only past draft, with its workflow actions. */
  allowed?: AllowedActions;
  /** Why a document's drawer is read-only, when it has no draft (a correction once requested). */
  readOnly?: (row: EntityRow) => string | null;
  /** What an irreversible event of the drawer's document moves, said when it is confirmed. */
  moves?: (doc: EntityRow, event: string) => string[];
  /** Under the drawer's document once read, above its timeline (an order's components). */
  details?: (row: EntityRow) => ReactNode;
  /** What an event of the drawer's document asks before it is sent (a training's score). */
  questions?: Readonly<Record<string, EventQuestion>>;
  /** The route param naming a row to open in the drawer at once (a flow's `flow_id`). */
  openParam?: string;
};

function EntityScreen({
  entity,
  lines,
  formPath,
  extra,
  allowed,
  readOnly,
  moves,
  details,
  questions,
  openParam,
  phoneCards,
}: EntityScreenOptions & { entity: EntityDeclaration }) {
  const navigate = useNavigate();
  const params = useParams();
  const [editing, setEditing] = useState<{ id: number | null } | null>(() => {
    const id = openParam ? recordIdOf(params[openParam]) : null;
    return id ? { id } : null;
  });
  // Just created in the drawer: the list shows it on top.
  const [created, setCreated] = useState<EntityRow | null>(null);
  // An event changes status and version: the drawer's form reads the row again.
  const [generation, setGeneration] = useState(0);
  // A role that reads the entity but may not write it (docs/product.md §6) sees its records as
  // text.
  const reader = readOnlyForRoles(useUser().roles, entity);
  const open = (row: EntityRow | null) => {
    if (formPath) void navigate(`${formPath}/${row ? row.id : 'new'}`);
    else setEditing({ id: row?.id ?? null });
  };
  return (
    <>
      {/* A read-only entity with a page of its own (a change review) still opens there. */}
      <EntityListPage
        entity={entity}
        onOpen={entity.writable === false && !formPath ? undefined : open}
        created={created}
        {...(phoneCards && { phoneCards })}
      />
      {editing && (
        <EntityFormDrawer
          key={generation}
          entity={entity}
          id={editing.id}
          opened
          lines={lines}
          extra={extra}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id === null) setCreated(row);
          }}
          {...(reader !== null && { readOnlyReason: () => reader })}
          {...(allowed && {
            readOnlyReason: (row: EntityRow) =>
              (readOnly ?? ((r) => draftOnly(entity, r)))(row) ?? reader,
            toolbar: (row: EntityRow) => (
              <DocumentActions
                entity={entity}
                doc={row}
                allowed={allowed}
                moves={moves}
                questions={questions}
                onDone={() => setGeneration((g) => g + 1)}
              />
            ),
            footer: timelineOf(entity, details),
          })}
        />
      )}
    </>
  );
}

/** A document's story under its form, after its details: every document has the same timeline. */
function timelineOf(entity: EntityDeclaration, details?: (row: EntityRow) => ReactNode) {
  const Footer = (row: EntityRow) => (
    <>
      {details?.(row)}
      <Divider />
      <DocumentTimeline entity={entity} id={row.id} revision={row.version} />
    </>
  );
  return Footer;
}

/** A page component for the entity's list (with its drawer form when writable). */
export function entityScreen(
  entity: EntityDeclaration,
  options: EntityScreenOptions = {},
): ComponentType {
  const Screen = () => <EntityScreen entity={entity} {...options} />;
  Screen.displayName = `${entity.pluralLabel.replaceAll(' ', '')}Screen`;
  return Screen;
}

/** A page component for the entity's form route (`…/:id?`). */
export function entityFormScreen(
  entity: EntityDeclaration,
  options: {
    lines?: LineItems;
    listPath: string;
    /** Actions beside the form's own, from the record as read (a customer's Trace). */
    toolbar?: (row: EntityRow) => ReactNode;
  },
): ComponentType {
  // The same margin as the list pages, so a form does not touch the tab bar and sidebar.
  const Screen = () => (
    <Box p="md">
      <EntityFormPage
        entity={entity}
        lines={options.lines}
        listPath={options.listPath}
        toolbar={options.toolbar}
      />
    </Box>
  );
  Screen.displayName = `${entity.label.replaceAll(' ', '')}FormScreen`;
  return Screen;
}

export type DocumentScreenOptions = {
  lines: LineItems;
  listPath: string;
  allowed: AllowedActions;
  /** More of the action bar, from the document as read (a link to its counting sheet). */
  extra?: (doc: EntityRow) => ReactNode;
  /** What an event asks before it is sent (the flow of a daily order's orders). */
  questions?: Readonly<Record<string, EventQuestion>>;
  /** What an irreversible event moves, said when it is confirmed (stock documents). */
  moves?: (doc: EntityRow, event: string) => string[];
  /** The screen's own inputs between the fields and the lines (receive against a PO). */
  tools?: FormTools;
  /** Under the lines, over the form's values (a sales order's prices before a save). */
  belowLines?: FormTools;
  /** An event's notice in the document's own words (how much an allocation covered). */
  told?: (after: EntityRow, event: string) => string | null;
  /** Under the form, over its timeline, from the document as read (a PO's lines received). */
  details?: (doc: EntityRow) => ReactNode;
};

function DocumentScreen({
  entity,
  lines,
  listPath,
  allowed,
  extra,
  questions,
  moves,
  tools,
  belowLines,
  details,
  told,
}: DocumentScreenOptions & { entity: EntityDeclaration }) {
  // An event changes status and version: the form reads the row again, bar and all.
  const [generation, setGeneration] = useState(0);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={entity}
        lines={lines}
        listPath={listPath}
        readOnlyReason={(row) => draftOnly(entity, row)}
        toolbar={(row) => (
          <DocumentActions
            entity={entity}
            doc={row}
            allowed={allowed}
            extra={extra}
            questions={questions}
            moves={moves}
            told={told}
            onDone={() => setGeneration((g) => g + 1)}
          />
        )}
        footer={timelineOf(entity, details)}
        tools={tools}
        belowLines={belowLines}
      />
    </Box>
  );
}

/** A document's form route with its lines and its workflow actions. */
export function documentScreen(
  entity: EntityDeclaration,
  options: DocumentScreenOptions,
): ComponentType {
  const Screen = () => <DocumentScreen entity={entity} {...options} />;
  Screen.displayName = `${entity.label.replaceAll(' ', '')}DocumentScreen`;
  return Screen;
}
