import { configDefaults, defineConfig } from 'vitest/config';

// Projects run group after group, cheapest first: browser-side code in happy-dom, then the
// server and protocol suites in Node, then the browser suites in Chromium, then the benchmarks
// at smoke size. Integration suites start real servers on free ports, so files run one at a
// time per worker and the pool is kept small for this 2-core machine.
//
// `npm test` runs the `unit` lane on both cores, then two lanes at once, two Vitest processes
// chosen by TEST_LANE: the `browsers` lane (e2e), one Chromium suite at a time, and the
// `servers` lane (server, postgres), one suite at a time (TEST_SERVER_WORKERS=1; with two, both
// lanes' suites timed out on their waits); then the `benches` lane alone. The browser lane is
// the longer and sets the run's time, yet alone it keeps only about 1.2 of the two cores busy;
// so the server lane runs at a lower priority (`nice`) and takes what the browser lane leaves,
// rather than slowing it down (tests/README.md has the figures). The unit suites run first and
// alone: beside a browser suite, their servers in child processes took more than their 90 s to
// start. Without TEST_LANE every project runs, group after group.
//
// PostgreSQL and Redis, when `npm test` is given both (CI is):
// - the *.pg suites (those that choose their backends, the races among them, and those that
//   need Redis) run against them in the `postgres` project, and only there: on PGlite they took
//   three times as long, and the other server suites run on PGlite;
// - the browser suites' servers use PostgreSQL, as a plant's shared deployment does
//   (docs/operations.md), with the in-process publisher: half the CPU of PGlite, which leaves
//   room for the server lane beside them.
// Without both, every suite runs on PGlite and the in-process publisher.
const services = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const embeddedOnly = { DATABASE_URL: '', REDIS_URL: '', TEST_SERVICES: '' };
/**
 * Server suites at once: both cores alone; one beside the browser lane (`npm test`), where two
 * made the load reach five times the cores and both lanes' waits time out.
 */
const serverWorkers = Number(process.env.TEST_SERVER_WORKERS || 2);
// A module built as a slice keeps its unit and server suites in modules/<name>/tests.
const PG_SUITES = [
  'tests/integration/**/*.pg.test.ts',
  'tests/conformance/**/*.pg.test.ts',
  'modules/*/tests/integration/**/*.pg.test.ts',
];
// What a test waits for with expect.poll (a broadcast, a screen's next state) can lag by
// seconds when both cores are busy; Vitest's default of one second failed whole CI runs.
const expectations = { poll: { timeout: 10_000 } };

/** The server suites' settings, shared by their PGlite and PostgreSQL runs. */
const serverSuites = {
  environment: 'node',
  testTimeout: 30_000,
  // A suite's beforeAll starts a demo server; beside the browser lane (load 7 on 2 cores) one on
  // PGlite took more than 60 s to start and failed a CI run. 120 s, as the e2e suites have.
  hookTimeout: 120_000,
  expect: expectations,
  globalSetup: ['tests/support/database-template.setup.ts'],
  setupFiles: ['tests/support/module-entities.setup.ts'],
  pool: 'forks' as const,
  // Each suite builds its own server on injected dependencies, so suites share one module
  // graph per worker instead of loading the server again for every file.
  isolate: false,
};

type Lane = 'unit' | 'servers' | 'browsers' | 'benches';
const LANES: Record<string, Lane> = {
  unit: 'unit',
  server: 'servers',
  postgres: 'servers',
  e2e: 'browsers',
  bench: 'benches',
};
const lane = process.env.TEST_LANE || undefined;
if (lane !== undefined && !Object.values(LANES).includes(lane as Lane)) {
  throw new Error(
    `TEST_LANE is "${lane}": it must be "unit", "servers", "browsers" or "benches" (or unset for all)`,
  );
}
const inLane = (project: { test: { name: string } }) =>
  lane === undefined || LANES[project.test.name] === lane;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/unit/**/*.test.tsx',
            'modules/*/tests/unit/**/*.test.ts',
            'modules/*/tests/unit/**/*.test.tsx',
          ],
          environment: 'happy-dom',
          expect: expectations,
          setupFiles: [
            'tests/support/unit-state.setup.ts',
            'tests/support/module-entities.setup.ts',
          ],
          // The form suites run a real server in a child process, from the run's template.
          globalSetup: ['tests/support/database-template.setup.ts'],
          // View tests render the whole app with its lazy chunks; 5 s is short on a busy box.
          testTimeout: 15_000,
          // One module graph per worker: loading React, Mantine and ag-grid again for every
          // file was half of this project's time. Files leave no state behind (the app forgets
          // its open modals when it unmounts; each test renders its own app and services).
          isolate: false,
          // Both cores: left to itself Vitest keeps one for the main process.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...serverSuites,
          name: 'server',
          include: [
            'tests/integration/**/*.test.ts',
            'tests/conformance/**/*.test.ts',
            'modules/*/tests/integration/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...(services ? PG_SUITES : [])],
          env: embeddedOnly,
          maxWorkers: serverWorkers,
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
          expect: expectations,
          globalSetup: ['tests/support/database-template.setup.ts'],
          env: services
            ? { REDIS_URL: '', TEST_SERVICES: '', TEST_DEFAULT_BACKEND: 'postgres' }
            : embeddedOnly,
          // One browser suite at a time: two at once made clicks time out under load.
          fileParallelism: false,
          // A browser test that fails is run once more, as Playwright's own runner does on CI:
          // on two shared cores a screen can lag past a wait now and then, and one such lag
          // should not sink the run. A test that passes only on its second try is printed
          // "(retry x1)", so a flaky one stays visible; a real failure fails both tries.
          retry: 1,
          // Each suite starts its own server and browser, so suites share one module graph
          // instead of loading the server again for every file (about 5 s a file).
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts'],
          environment: 'node',
          // Every bench at its smoke size, two at a time (each has its own time limit).
          testTimeout: 15 * 60_000,
          maxWorkers: 1,
          // After the browser and server suites, never beside one: the benches start servers,
          // browsers and hundreds of clients, which would make a click in a concurrent suite
          // time out, and two at a time they want both cores.
          sequence: { groupOrder: 3 },
        },
      },
      ...(services
        ? [
            {
              test: {
                ...serverSuites,
                name: 'postgres',
                include: PG_SUITES,
                // backends() gives them PostgreSQL only, and so does startTestServer() when the
                // suite names no backend: the PGlite runs are for runs without it. (A demo server
                // copied from the PostgreSQL template started on 0.6–0.9 s of CPU, one loaded from
                // the PGlite dump on about 5 s.)
                env: { TEST_BACKENDS: 'postgres', TEST_DEFAULT_BACKEND: 'postgres' },
                maxWorkers: serverWorkers,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ].filter(inLane),
  },
});
