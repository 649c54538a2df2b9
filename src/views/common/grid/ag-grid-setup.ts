import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  themeQuartz,
} from 'ag-grid-community';
import type { Density } from './column-layout.ts';

// ag-grid community with only the modules the entity grids use (the bundle stays small and
// the grid is a lazy chunk: only files under views/common/grid and module pages import it).
// Rows come a page at a time from the API into the client-side row model; sorting and
// filtering happen on the server, so ag-grid's own sort and filter modules are not loaded.

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  // applyTransactionAsync for live deltas.
  ClientSideRowModelApiModule,
  // getColumnState for the remembered layout.
  ColumnApiModule,
  RowApiModule,
  // Checkbox rows for the lists that act on several at once (release selected orders).
  RowSelectionModule,
  CellStyleModule,
]);

const base = themeQuartz.withParams({
  // The app's font, not the theme's web font (no request to a font CDN).
  fontFamily: 'inherit',
  headerFontWeight: 600,
  wrapperBorderRadius: 6,
});

/** The grid's theme per density: spacing scales every padding, hence the row height. */
export const GRID_THEMES: Record<Density, typeof base> = {
  compact: base.withParams({ spacing: 4, fontSize: 13 }),
  normal: base.withParams({ spacing: 7 }),
};
