import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { FieldInput } from './field-input.tsx';
import { FormAroundBarContext } from './form-around-bar.context.ts';
import type { FormExtra } from './form-extra.ts';
import type { FormValues } from './form-values.ts';
import { LineItemsEditor } from './line-items-editor.tsx';
import { ReadOnlyRecord } from './read-only-record.tsx';
import { RecordChangedNotice } from './record-changed-notice.tsx';
import { StaleVersionDialog } from './stale-version-dialog.tsx';
import { useUnsavedGuard } from './unsaved-guard.ts';
import { useEntityForm } from './use-entity-form.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The form of one record, derived from its declaration: one input per writable field (and
// a line editor for documents), client rules on blur, server codes under their fields,
// optimistic concurrency, delete, and the keyboard: the first field has the cursor, Enter
// submits a form without lines, Ctrl+S saves from anywhere in it.

/**
 * Save and Cancel stay in reach at the bottom of the screen however long the form (1366 × 768:
 * a product's Save was 400 px below the fold).
 */
const ACTION_BAR = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-default-border)',
  padding: 'var(--mantine-spacing-sm) 0',
} as const;

export interface EntityFormProps {
  entity: EntityDeclaration;
  /** The record to edit; null creates one. */
  id: number | null;
  lines?: LineItems;
  /** Inputs the screen adds for values never read back (a new password). */
  extra?: FormExtra;
  /** Inputs per row: 1 in a drawer, 2 on a page. */
  columns?: number;
  onSaved?: (row: EntityRow) => void;
  onDeleted?: (id: number) => void;
  /** The server opened a change request instead of saving (see use-entity-form). */
  onChangeRequested?: (request: EntityRow) => void;
  /** Shows a Cancel button that calls this (the container guards unsaved changes). */
  onCancel?: () => void;
  /** Filled with the form's live dirty check, for a container that closes it. */
  isDirtyRef?: RefObject<() => boolean>;
  /** Why a saved record can no longer be edited (a document past draft); null when it can. */
  readOnlyReason?: (row: EntityRow) => string | null;
  /** Above the inputs once the record is read (a document's workflow actions). */
  toolbar?: (row: EntityRow) => ReactNode;
  /** Told the record each time it is read (the container's heading names it). */
  onRead?: (row: EntityRow) => void;
  /** Below the buttons once the record exists (a document's timeline), from the row as read. */
  footer?: (row: EntityRow) => ReactNode;
  /** The screen's own inputs between the fields and the lines (receive against a PO). */
  tools?: FormTools;
  /** Under the line editor, over the form's values (a sales order's prices before a save). */
  belowLines?: FormTools;
}

/**
 * A screen's own inputs over the form's values; `row` is null while creating. `reread` reads
 * the record again in place after the tools moved its version (a file attached), keeping the
 * focus where it is.
 */
export type FormTools = (
  form: UseFormReturnType<FormValues>,
  row: EntityRow | null,
  reread: () => void,
) => ReactNode;

export function EntityForm({
  entity,
  id,
  lines,
  extra,
  columns = 1,
  onSaved,
  onDeleted,
  onChangeRequested,
  onCancel,
  isDirtyRef,
  readOnlyReason,
  toolbar,
  onRead,
  footer,
  tools,
  belowLines,
}: EntityFormProps) {
  const model = useEntityForm({
    entity,
    id,
    lines,
    extra,
    onSaved,
    onDeleted,
    onChangeRequested,
  });
  const { form, fields, row, load, saving, stale, conflicts } = model;
  useEffect(() => {
    if (row) onRead?.(row);
  }, [row, onRead]);
  useUnsavedGuard(model.isDirty);
  useEffect(() => {
    if (isDirtyRef) isDirtyRef.current = model.isDirty;
  }, [isDirtyRef, model.isDirty]);

  const lockedBecause = row && readOnlyReason ? readOnlyReason(row) : null;

  const readOnly = lockedBecause !== null;

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (!readOnly) model.submit();
      return;
    }
    // A document's Enter belongs to its line editor (next cell), never to an early submit.
    const target = event.target as HTMLElement;
    if (lines && event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
  };

  if (load.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Alert color="red" title={`${entity.label} could not be read`}>
        <Text size="sm">{load.message}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={model.retryLoad}>
          Retry
        </Button>
      </Alert>
    );
  }

  const linesError = lines ? form.errors[lines.name] : undefined;
  return (
    <form
      noValidate
      aria-label={`${entity.label} form`}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) model.submit();
      }}
    >
      <Stack gap="md">
        {row && toolbar && (
          <FormAroundBarContext value={{ saving, reloadKeepingTyped: model.reloadStale }}>
            {toolbar(row)}
          </FormAroundBarContext>
        )}
        {readOnly && row ? (
          // A record that reads only says what it holds, as text; no disabled inputs.
          <>
            <ReadOnlyRecord fields={fields} row={row} lines={lines} columns={columns} />
            {extra?.readOnly?.(row)}
          </>
        ) : (
          <Stack gap="md">
            <RecordChangedNotice
              incoming={model.incoming}
              onReload={model.takeIncoming}
              onKeepEditing={model.keepEditing}
            />
            {conflicts.length > 0 && (
              <Alert color="yellow" title="Saved meanwhile by someone else">
                <Text size="sm">
                  Your values are kept in the form; saving replaces theirs. Their values:
                </Text>
                {conflicts.map((c) => (
                  <Text size="sm" key={c.field.name}>
                    {c.field.label}: {c.theirs}
                  </Text>
                ))}
              </Alert>
            )}
            <SimpleGrid cols={columns}>
              {fields
                .filter((field) => !field.ownInput)
                .map((field, index) => (
                  <FieldInput
                    key={field.name}
                    field={field}
                    form={form}
                    path={field.name}
                    autoFocus={index === 0}
                  />
                ))}
              {extra?.render(form, row === null, row)}
            </SimpleGrid>
            {tools?.(form, row, model.reread)}
            {lines && <LineItemsEditor lines={lines} form={form} />}
            {linesError && (
              <Text size="sm" c="red">
                {linesError}
              </Text>
            )}
            {lines && belowLines?.(form, row, model.reread)}
          </Stack>
        )}
        <Group justify="space-between" style={ACTION_BAR}>
          <Group>
            {lockedBecause && (
              <Text size="sm" c="dimmed">
                {lockedBecause}
              </Text>
            )}
            {row && entity.writable !== false && entity.deletable !== false && !readOnly && (
              <Button color="red" variant="subtle" onClick={model.confirmDelete}>
                Delete
              </Button>
            )}
          </Group>
          <Group>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                {/* Beside a document's workflow bar (its own "Cancel order"), say what this does. */}
                {readOnly ? 'Back' : toolbar ? 'Discard changes' : 'Cancel'}
              </Button>
            )}
            {!readOnly && (
              <Button
                type="submit"
                loading={saving}
                title="Ctrl+S"
                // Keeps the focus (no blur validation moving the button) until the click lands.
                onMouseDown={(event) => event.preventDefault()}
              >
                Save
              </Button>
            )}
          </Group>
        </Group>
        {row && footer?.(row)}
      </Stack>
      <StaleVersionDialog
        notice={stale}
        onReload={() => void model.reloadStale()}
        onCancel={model.dismissStale}
      />
    </form>
  );
}
