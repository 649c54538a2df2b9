import { RECIPE_IMPORT_JOBS } from '../../../domain/entities/production/recipe-import-jobs.entity.ts';
import { RECIPE_IMPORT_COLUMNS } from '../../../domain/imports/recipe-import.columns.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** Recipe import: draft recipes, one row per ingredient, from a CSV or XLSX file. */
export function RecipeImportPage() {
  return (
    <ImportPage
      title="Recipe Import"
      url="production/import"
      channel="production.imports"
      columns={RECIPE_IMPORT_COLUMNS}
      jobs={RECIPE_IMPORT_JOBS}
    />
  );
}
