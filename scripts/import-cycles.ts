import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// Import cycles among our own files, type-only imports included: the lint rule `import-x/no-cycle`
// skips `import type`, yet a type cycle still ties two files' designs together (one cannot move
// without the other). Static imports and re-exports count; `import()` does not, since a lazy
// chunk loads after its importer. Run by `npm run lint`; prints each cycle and fails on any.

const ROOTS = ['src', 'server', 'modules'];
const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files of ours that `file` imports statically, types included. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    if (!specifier?.startsWith('.')) return [];
    const target = resolve(dirname(file), specifier);
    return existsSync(target) ? [target] : [];
  });
}

/** Strongly connected components of more than one file (Tarjan), each a cycle to break. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
const cycles = importCycles(new Map(files.map((file) => [file, importsOf(file)])));
for (const cycle of cycles) {
  console.error(`import cycle: ${cycle.map((file) => relative(root, file)).join(' ⇄ ')}`);
}
if (cycles.length > 0) {
  console.error(
    `${cycles.length} import cycle(s): move the shared type or value into a file of its own`,
  );
  process.exit(1);
}
console.log(`no import cycles among ${files.length} files`);
