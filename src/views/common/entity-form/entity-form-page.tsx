import { Alert, Paper, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { EntityForm, type EntityFormProps } from './entity-form.tsx';
import { formTitle } from './form-title.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The form of a record on a route of its own (`/general/customer/:id?`, documents with
// lines). `:id` absent or 'new' creates; after the create the URL becomes the new record's, in
// place of the 'new' one, so Back returns to where the person came from. Two inputs a row on
// a desk; one on a phone (under the sm breakpoint), where two would each be too narrow to read.

export interface EntityFormPageProps {
  entity: EntityDeclaration;
  lines?: LineItems;
  /** Where Cancel and Delete lead; without it they go back one step. */
  listPath?: string;
  readOnlyReason?: EntityFormProps['readOnlyReason'];
  toolbar?: EntityFormProps['toolbar'];
  footer?: EntityFormProps['footer'];
  tools?: EntityFormProps['tools'];
  belowLines?: EntityFormProps['belowLines'];
}

/** The record id of a route parameter: null for a new record, undefined when malformed. */
export function recordIdOf(param: string | undefined): number | null | undefined {
  if (param === undefined || param === '' || param === 'new') return null;
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The edit URL of `id` from the create URL (`…/new` or the bare form path). */
export function editPathOf(pathname: string, id: number): string {
  const base = pathname.replace(/\/+$/, '');
  return base.endsWith('/new') ? `${base.slice(0, -'/new'.length)}/${id}` : `${base}/${id}`;
}

export function EntityFormPage({
  entity,
  lines,
  listPath,
  readOnlyReason,
  toolbar,
  footer,
  tools,
  belowLines,
}: EntityFormPageProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const id = recordIdOf(params.id);
  const leave = () => void (listPath ? navigate(listPath) : navigate(-1));
  const [read, setRead] = useState<EntityRow | null>(null);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });

  if (id === undefined) {
    return <Alert color="red">There is no {entity.label.toLowerCase()} at this address.</Alert>;
  }
  return (
    <Paper p="md" withBorder>
      <Title order={3} mb="md">
        {formTitle(entity, id, read, readOnlyReason)}
      </Title>
      <EntityForm
        entity={entity}
        id={id}
        lines={lines}
        columns={phone ? 1 : 2}
        onCancel={leave}
        onSaved={(row) => {
          // Once: a second save before the record's own page shows finds its URL already set.
          if (id === null && !pathname.endsWith(`/${row.id}`)) {
            void navigate(editPathOf(pathname, row.id), { replace: true });
          }
        }}
        onDeleted={leave}
        // A new record sent for approval does not exist yet: back to the list it will join.
        onChangeRequested={() => {
          if (id === null) leave();
        }}
        readOnlyReason={readOnlyReason}
        toolbar={toolbar}
        footer={footer}
        tools={tools}
        belowLines={belowLines}
        onRead={setRead}
      />
    </Paper>
  );
}
