import { useMemo, useState } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import { SETTINGS, settingValueForm } from '../../../domain/entities/general/settings.entity.ts';
import { EntityFormDrawer } from '../../common/entity-form/entity-form-drawer.tsx';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';

// Settings are seeded, never created or deleted: a row opens a drawer that edits its value
// alone, with the input its JSON type calls for, saved with the version read like any form.

export function SettingsScreen() {
  const [editing, setEditing] = useState<EntityRow | null>(null);
  const form = useMemo(
    () => (editing ? settingValueForm(String(editing.key), String(editing.value_text)) : null),
    [editing],
  );
  return (
    <>
      <EntityListPage entity={SETTINGS} onOpen={(row) => setEditing(row)} />
      {editing && form && (
        <EntityFormDrawer entity={form} id={editing.id} opened onClose={() => setEditing(null)} />
      )}
    </>
  );
}
