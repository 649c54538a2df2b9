import { buildRoutes, page } from './route-builder.ts';

// Imports (docs/product.md §2): one admin-only page, so it is a top-level entry without a group.

export const IMPORTS_ROUTES = buildRoutes(
  page('/imports/index', 'imports', 'Imports', 'IconFileUpload', 'imports', { module: 'imports' }),
);
