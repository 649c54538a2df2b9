// Path patterns in react-router syntax (`/a/:id`, `/a/:id?`), matched and ranked the way
// react-router does, so the guard (domain, no React) and the router agree on which record a
// URL opens.

export type PathParams = Readonly<Record<string, string>>;

export interface PathMatch {
  readonly params: PathParams;
  /** react-router's rank: more segments, and static before dynamic, win. */
  readonly score: number;
}

const STATIC = 10;
const DYNAMIC = 3;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

const isParam = (segment: string) => segment.startsWith(':');
const isOptional = (segment: string) => isParam(segment) && segment.endsWith('?');
const paramName = (segment: string) => segment.slice(1).replace(/\?$/, '');

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchSegments(
  pattern: readonly string[],
  path: readonly string[],
  params: Record<string, string>,
  score: number,
): PathMatch | undefined {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0 ? { params, score } : undefined;
  const [segment, ...remaining] = path;
  if (isOptional(head)) {
    // An optional segment is two routes to react-router: with it, then without it.
    const withIt =
      segment === undefined
        ? undefined
        : matchSegments(
            rest,
            remaining,
            { ...params, [paramName(head)]: decode(segment) },
            score + 1 + DYNAMIC,
          );
    return withIt ?? matchSegments(rest, path, params, score);
  }
  if (segment === undefined) return undefined;
  if (isParam(head)) {
    return matchSegments(
      rest,
      remaining,
      { ...params, [paramName(head)]: decode(segment) },
      score + 1 + DYNAMIC,
    );
  }
  // react-router matches case-insensitively unless a route asks otherwise; ours never do.
  if (head.toLowerCase() !== segment.toLowerCase()) return undefined;
  return matchSegments(rest, remaining, params, score + 1 + STATIC);
}

/** The params and rank of `pathname` under `pattern`, or undefined when it does not match. */
export function matchPath(pattern: string, pathname: string): PathMatch | undefined {
  const path = segmentsOf(pathname.split(/[?#]/)[0] ?? '');
  return matchSegments(segmentsOf(pattern), path, {}, 0);
}

/** True when the pattern has any param, required or optional. */
export function hasParams(pattern: string): boolean {
  return segmentsOf(pattern).some(isParam);
}

/**
 * The URL that opens the pattern with no params given (optional ones dropped), or undefined
 * when a required param makes it unreachable without data (a menu or search cannot link it).
 */
export function staticPathOf(pattern: string): string | undefined {
  const segments = segmentsOf(pattern);
  if (segments.some((s) => isParam(s) && !isOptional(s))) return undefined;
  return `/${segments.filter((s) => !isOptional(s)).join('/')}`;
}
