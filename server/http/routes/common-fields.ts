import { z } from 'zod';

// Parameters many routes share. Query values arrive as strings (bracket form, booleans 1/0).

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const versionField = z.coerce.number().int().positive();

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
