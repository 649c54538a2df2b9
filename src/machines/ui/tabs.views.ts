// Pure list operations behind the tabs machine, kept apart so the machine reads as its events.

/** A visited view, keyed by `path`; `fullPath` adds the query and is where the tab navigates. */
export interface TabView {
  path: string;
  fullPath: string;
  /** Component name the view cache is keyed by; an empty name is never cached. */
  name: string;
  title: string;
  /** Pinned: close, close-others and close-all never remove it (docs/product.md §2, §4). */
  affix: boolean;
  noCache: boolean;
}

/** What the router knows about a view; flags left out mean false. */
export type TabVisit = Omit<TabView, 'affix' | 'noCache'> &
  Partial<Pick<TabView, 'affix' | 'noCache'>>;

/** Where the console lands when no tab is left (docs/product.md §2: / goes to /dashboard). */
export const FALLBACK_PATH = '/dashboard';

export function toTabView(visit: TabVisit): TabView {
  return { ...visit, affix: visit.affix ?? false, noCache: visit.noCache ?? false };
}

const cacheable = (view: TabView) => !view.noCache && view.name !== '';

/** Adds or updates by path. Once pinned a view stays pinned, so an update cannot unpin it. */
export function upsert(visited: readonly TabView[], view: TabView): TabView[] {
  const index = visited.findIndex((v) => v.path === view.path);
  if (index < 0) return [...visited, view];
  return visited.map((v, i) => (i === index ? { ...view, affix: v.affix || view.affix } : v));
}

/**
 * Adds or updates `view` where the tab at `replacing` stood, when the router replaced that
 * page (a create form that became its record's page): one tab, not a stale form beside it.
 * A pinned tab is never replaced; a view already open elsewhere keeps its own place.
 */
export function upsertReplacing(
  visited: readonly TabView[],
  view: TabView,
  replacing: string | undefined,
): TabView[] {
  const old = visited.find((v) => v.path === replacing && v.path !== view.path && !v.affix);
  if (!old) return upsert(visited, view);
  if (visited.some((v) => v.path === view.path)) {
    return upsert(
      visited.filter((v) => v !== old),
      view,
    );
  }
  return visited.map((v) => (v === old ? view : v));
}

/**
 * The cache after `visited` changed: names no remaining cacheable view uses are dropped (two
 * paths may share one component name), and `view` is added when it may be cached.
 */
export function recache(cached: readonly string[], visited: readonly TabView[], view?: TabView) {
  const names = new Set(visited.filter(cacheable).map((v) => v.name));
  const kept = cached.filter((name) => names.has(name));
  if (view && cacheable(view) && !kept.includes(view.name)) kept.push(view.name);
  return kept;
}

/** Refresh keys only for paths still open, so the record never grows past the tab bar. */
export function pruneKeys(
  keys: Readonly<Record<string, number>>,
  visited: readonly TabView[],
): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const { path } of visited) {
    const key = keys[path];
    if (key !== undefined) kept[path] = key;
  }
  return kept;
}

/**
 * Where to go when tabs close. Null while the active tab survives. Otherwise `preferred`
 * (close-others goes to the tab it was chosen on), else the nearest survivor to the left of
 * the active tab, else the last survivor, else the fallback.
 */
export function nextAfterClosing(
  before: readonly TabView[],
  after: readonly TabView[],
  activePath: string | null,
  preferred?: TabView,
): TabView | { path: null; fullPath: string } | null {
  if (activePath === null || after.some((v) => v.path === activePath)) return null;
  if (preferred) return preferred;
  const survivors = new Set(after.map((v) => v.path));
  const index = before.findIndex((v) => v.path === activePath);
  const left = before.slice(0, Math.max(index, 0)).findLast((v) => survivors.has(v.path));
  return left ?? after.at(-1) ?? { path: null, fullPath: FALLBACK_PATH };
}
