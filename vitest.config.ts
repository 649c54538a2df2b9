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
          // One module graph per worker: loading React, Mantine and ag-grid again for every
          // file was half of this project's time. Files leave no state behind (the app forgets
          // its open modals when it unmounts; each test renders its own app and services).
          isolate: false,
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
          // Each suite builds its own server on injected dependencies, so suites share one
          // module graph per worker instead of loading the server again for every file.
          isolate: false,
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
          // One browser suite at a time: two at once made a menu click time out under load.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
