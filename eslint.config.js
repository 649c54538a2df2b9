// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

// Imports point one way: domain ← machines ← api ← streams ← views, and the server may only
// reach src/domain and src/machines/workflows. Each zone says why, so a failing lint teaches.
// A zone's paths are either all globs, which match files, or all folders and files; a folder
// among globs becomes `folder/**`.
/** @param {string[]} paths */
const asGlobs = (paths) =>
  paths.some((path) => path.includes('*'))
    ? paths.map((path) => (/(\*\*|\.ts|\.\{ts,tsx\})$/.test(path) ? path : `${path}/**`))
    : paths;
/**
 * @param {string | string[]} target
 * @param {string | string[]} from
 * @param {string} why
 */
const layer = (target, from, why) => ({
  target: asGlobs([target].flat()),
  from: asGlobs([from].flat()),
  message: why,
});
const importDirection = [
  layer(
    './src/domain',
    ['./src/machines', './src/api', './src/streams', './src/views', './server'],
    'domain holds isomorphic facts with no I/O; nothing above it may leak down into it.',
  ),
  layer(
    './src/machines',
    ['./src/api', './src/streams', './src/views', './server'],
    'machines are pure state logic shared with the server; give them effects through setup()/provide().',
  ),
  layer(
    './src/api',
    ['./src/streams', './src/views', './server'],
    'api is the HTTP client; streams and views build on it, not the other way round.',
  ),
  layer(
    './src/streams',
    ['./src/views', './server'],
    'streams feed views; a view-specific need belongs in the view.',
  ),
  layer(
    './src/views',
    ['./server', './modules/*/server'],
    'the browser talks to the server over HTTP and websockets only.',
  ),
  layer(
    './server',
    ['./src/machines/ui', './src/api', './src/streams', './src/views', './modules/*/web'],
    'the server may import only src/domain and src/machines/workflows (isomorphic code).',
  ),
  // A slice (modules/README.md) has the same three sides: shared is isomorphic, server is Node,
  // web is the browser's.
  layer(
    './modules/*/shared',
    [
      './modules/*/server',
      './modules/*/web',
      './server',
      './src/machines/ui',
      './src/api',
      './src/streams',
      './src/views',
    ],
    "a module's shared declarations run on both sides; give them no server or browser code.",
  ),
  layer(
    './modules/*/server',
    ['./modules/*/web', './src/machines/ui', './src/api', './src/streams', './src/views'],
    'the server may import only isomorphic code from the browser side (shared, src/domain, src/machines/workflows).',
  ),
  layer(
    './modules/*/web',
    ['./modules/*/server', './server'],
    'the browser talks to the server over HTTP and websockets only.',
  ),
  // The engine every module builds on (docs/architecture.md) knows none of them: a module's
  // facts reach it through the declarations, bindings and effects the module hands it.
  layer(
    [
      './server/http/entity',
      './src/domain/entity',
      './src/machines/workflows/document-workflow.ts',
      './server/db/document-event.ts',
      './server/db/transition-log.ts',
    ],
    [
      './server/http/routes/*/**',
      './server/db/!(schema|table-filter)/**',
      './src/domain/entities/*/**',
      './src/machines/workflows/!(document-workflow).ts',
      './src/views/modules/**',
      './modules/**',
    ],
    'the platform imports no module; give it what it needs through the declaration, binding or effect the module registers.',
  ),
  // The demo seeder drives the routes' effects as a person would, so it alone may reach them.
  layer(
    ['./server/db/*.ts', './server/db/!(demo)/**', './modules/*/server/db'],
    ['./server/http', './modules/*/server/routes', './modules/*/server/*.server.ts'],
    'the database layer serves the routes, never the other way round: a refusal is server/errors, a row type src/domain.',
  ),
];

// The modules each module may import besides the platform (docs/architecture.md "Modules and
// the platform", which says why each is needed). A slice declares its own in its manifest; a
// module not yet moved keeps its code in its folders under server/http/routes, server/db,
// src/domain/entities and src/views/modules, and its dependencies here. The database schema is
// one graph and is not zoned.
/** @type {Record<string, readonly string[]>} */
const LAYERED_DEPENDENCIES = {
  inventory: ['general', 'stock'],
  stock: [],
  production: ['general', 'imports', 'lab', 'stock'],
  purchase: ['general', 'stock'],
  imports: ['general', 'inventory', 'purchase', 'stock'],
  'my-work': ['stock'],
  approvals: ['my-work'],
  search: [],
};
/**
 * Each slice's `dependsOn`, read from its manifest's source (modules/<name>/<name>.module.ts)
 * rather than run: lint must load even while the code it checks is broken.
 * @returns {Record<string, readonly string[]>}
 */
function sliceDependencies() {
  const modules = `${import.meta.dirname}/modules`;
  const folders = readdirSync(modules, { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );
  return Object.fromEntries(
    folders.map(({ name }) => {
      const file = `${modules}/${name}/${name}.module.ts`;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      /** @type {string[] | undefined} */
      let dependsOn;
      /** @param {ts.Node} node */
      const visit = (node) => {
        if (
          ts.isPropertyAssignment(node) &&
          node.name.getText(source) === 'dependsOn' &&
          ts.isArrayLiteralExpression(node.initializer) &&
          node.initializer.elements.every(ts.isStringLiteral)
        ) {
          dependsOn = node.initializer.elements.map((element) =>
            element.getText(source).slice(1, -1),
          );
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (dependsOn === undefined)
        throw new Error(`${file}: write dependsOn as a list of module names`);
      return [name, dependsOn];
    }),
  );
}

/** @type {Record<string, readonly string[]>} */
const MODULE_DEPENDENCIES = { ...LAYERED_DEPENDENCIES, ...sliceDependencies() };
/** @param {string} module */
const moduleFolders = (module) => [
  `./modules/${module}/**`,
  `./server/http/routes/${module}/**`,
  `./server/db/${module}/**`,
  `./src/domain/entities/${module}/**`,
  `./src/views/modules/${module}/**`,
  ...(module === 'production' ? ['./server/db/stamp-reels/**'] : []),
  ...(module === 'imports' ? ['./server/imports/**'] : []),
];
/**
 * What another module may not import of `module`: all of it but a slice's tables, since the
 * database schema is one graph (a foreign key names the table it points at, whichever module
 * owns it), as `server/db/schema/` is for the modules not yet moved.
 * @param {string} module
 */
const closedFolders = (module) =>
  moduleFolders(module).map((folder) =>
    folder === `./modules/${module}/**` ? `./modules/${module}/**/!(*.schema).{ts,tsx}` : folder,
  );
const moduleZones = Object.entries(MODULE_DEPENDENCIES).map(([module, allowed]) =>
  layer(
    moduleFolders(module).map((folder) => folder.replace(/\/\*\*$/, '')),
    Object.keys(MODULE_DEPENDENCIES)
      .filter((other) => other !== module && !allowed.includes(other))
      .flatMap(closedFolders),
    `${module} imports the platform and ${allowed.length ? allowed.join(', ') : 'no other module'}; a new dependency is declared in its manifest (modules/<name>/<name>.module.ts; MODULE_DEPENDENCIES here for a module not yet a slice), and why in docs/architecture.md.`,
  ),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...importDirection, ...moduleZones] }],
      // Only our own files: following imports into node_modules parses huge bundles for nothing.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Handlers are async by contract (Fastify, XState actors) whether or not they await.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-default-export': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tool configs must default-export by convention.
    files: ['*.config.ts', '*.config.js'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
