import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied
// at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  // A module built as a slice keeps its tables in its own folder (modules/README.md).
  schema: ['./server/db/schema/*.ts', './modules/*/server/db/*.schema.ts'],
  out: './server/db/migrations',
  casing: 'snake_case',
});
