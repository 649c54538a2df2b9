import { useMemo, useState } from 'react';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { COMPANY_SETTING_KEY } from '../shared/entities/company-setting.ts';
import { SETTINGS, settingValueForm, type SettingRow } from '../shared/entities/settings.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { CompanySettingsDrawer } from './company-settings-drawer.tsx';

// Settings are seeded, never created or deleted: a row opens a drawer that edits its value
// alone, with the input its JSON type calls for, saved with the version read like any form.
// The company's particulars, one object, open as a form of labelled fields instead. A module's
// settings screen (Assembly's) is the same screen over its own keys.

export function SettingsScreen({ entity = SETTINGS }: { entity?: EntityDeclaration }) {
  const [editing, setEditing] = useState<SettingRow | null>(null);
  const company = editing?.key === COMPANY_SETTING_KEY;
  const form = useMemo(
    () =>
      editing && !company
        ? settingValueForm(String(editing.key), String(editing.value_text), entity)
        : null,
    [editing, company, entity],
  );
  return (
    <>
      <EntityListPage
        entity={entity}
        onOpen={(row) => setEditing(row && rowOf(SETTINGS, row))}
        phoneCards={{ title: 'key', facts: ['module', 'value_text'] }}
      />
      {editing && company && (
        <CompanySettingsDrawer row={editing} onClose={() => setEditing(null)} />
      )}
      {editing && form && (
        <EntityFormDrawer entity={form} id={editing.id} opened onClose={() => setEditing(null)} />
      )}
    </>
  );
}
