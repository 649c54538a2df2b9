import { Drawer } from '@mantine/core';
import { useRef, useState } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { EntityForm, type EntityFormProps } from './entity-form.tsx';
import type { FormExtra } from './form-extra.ts';
import { formTitle } from './form-title.ts';
import { confirmDiscard } from './unsaved-guard.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The form of simple master data, opened from its list. Escape, the close button and Cancel
// all ask first when something is unsaved; a successful save or delete closes the drawer.

export interface EntityFormDrawerProps {
  entity: EntityDeclaration;
  /** The row to edit; null creates one. */
  id: number | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (row: EntityRow) => void;
  onDeleted?: (id: number) => void;
  lines?: LineItems;
  extra?: FormExtra;
  /** A document past draft reads only; its workflow actions head the form. */
  readOnlyReason?: EntityFormProps['readOnlyReason'];
  toolbar?: EntityFormProps['toolbar'];
  footer?: EntityFormProps['footer'];
  /** The screen's own inputs under the fields, over the form's values (a record's files). */
  tools?: EntityFormProps['tools'];
}

export function EntityFormDrawer({
  entity,
  id,
  opened,
  onClose,
  onSaved,
  onDeleted,
  lines,
  extra,
  readOnlyReason,
  toolbar,
  footer,
  tools,
}: EntityFormDrawerProps) {
  const isDirty = useRef<() => boolean>(() => false);
  const [read, setRead] = useState<EntityRow | null>(null);
  const close = () => confirmDiscard(isDirty.current(), onClose);
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={lines ? 'xl' : 'md'}
      title={formTitle(entity, id, read, readOnlyReason)}
      closeOnEscape
    >
      {opened && (
        <EntityForm
          key={id ?? 'new'}
          entity={entity}
          id={id}
          lines={lines}
          extra={extra}
          readOnlyReason={readOnlyReason}
          toolbar={toolbar}
          footer={footer}
          tools={tools}
          onRead={setRead}
          isDirtyRef={isDirty}
          onCancel={close}
          onSaved={(row) => {
            onSaved?.(row);
            onClose();
          }}
          onDeleted={(deleted) => {
            onDeleted?.(deleted);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}
