import { expect } from 'vitest';

// PostgreSQL and Redis are on CI's machine but not on a user's: `npm test` runs what needs
// them only where they are; CI's second pass (TEST_SERVICES=required) runs every *.pg.test.ts
// and fails, instead of skipping, when one of them is missing.

/** Throws unless the running suite's file is named *.pg.test.ts. */
export function requirePgSuiteName(why: string): void {
  const path = expect.getState().testPath ?? '';
  if (!path.endsWith('.pg.test.ts')) {
    throw new Error(`${path} ${why}: name it *.pg.test.ts so CI's PostgreSQL pass runs it`);
  }
}

/**
 * True when a service the suite needs is not configured here (the suite skips). Where CI
 * requires the services it throws instead, so nothing is skipped for want of one CI has.
 */
export function lacks(...variables: ('DATABASE_URL' | 'REDIS_URL')[]): boolean {
  requirePgSuiteName(`needs ${variables.join(' and ')}`);
  const missing = variables.filter((name) => !process.env[name]);
  if (missing.length > 0 && process.env.TEST_SERVICES === 'required') {
    throw new Error(`${missing.join(' and ')} must be set: CI runs this suite against them`);
  }
  return missing.length > 0;
}
