import { importKind } from '../../../domain/imports/import-kinds.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** Recipe import: draft recipes, one row per ingredient, from a CSV or XLSX file. One kind of the Imports centre's job model. */
export function RecipeImportPage() {
  const kind = importKind('recipes');
  return (
    <ImportPage
      title="Recipe Import"
      url={kind.url}
      channel={kind.channel}
      columns={kind.columns}
      jobs={kind.jobs}
      entityPath={kind.entityPath}
    />
  );
}
