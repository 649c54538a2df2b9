import { defineConfig } from 'vitest/config';

// Two projects: browser-side code runs in happy-dom, server and protocol suites in Node.
// Integration suites start real servers on free ports, so files run one at a time per worker
// and the pool is kept small for this 2-core machine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          // View tests render the whole app with its lazy chunks; 5 s is short on a busy box.
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/integration/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/support/database-template.setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/database-template.setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
