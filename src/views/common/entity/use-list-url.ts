import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EntityApi } from '../../../api/entity.api.ts';
import {
  filterableFields,
  type EntityDeclaration,
} from '../../../domain/entity/entity-declaration.ts';
import {
  decodeListUrl,
  encodeListUrl,
  LIST_URL_KEYS,
  type ListUrlDefaults,
  type ListUrlState,
} from '../../../domain/table-filter/list-url.ts';
import { TABLE_QUERY_LIMITS } from '../../../domain/table-filter/table-query.types.ts';
import type { EntityListState } from './use-entity-list.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// A list screen's filter, sort and page mirrored in its URL, so the
// address can be bookmarked or sent: opening it shows the same rows to anyone who may read
// them. The list state stays in React; the URL follows it, and a URL that asks for other
// rows (a link, Back) moves the list. A page kept alive in a hidden tab sees another page's
// URL, so only the page whose path is showing reads or writes it.

const LIST_KEYS: readonly string[] = [
  LIST_URL_KEYS.filter,
  LIST_URL_KEYS.sort,
  LIST_URL_KEYS.page,
  LIST_URL_KEYS.perPage,
];

export function listUrlDefaults(entity: EntityDeclaration): ListUrlDefaults {
  return { sort: entity.defaultSort ?? null, perPage: TABLE_QUERY_LIMITS.defaultPerPage };
}

/** The list state a URL's query string asks for (a fresh page starts there). */
export function listStateOf(search: string, entity: EntityDeclaration): ListUrlState {
  return decodeListUrl(new URLSearchParams(search), filterableFields(entity));
}

function keyOf(pairs: readonly [string, string][]): string {
  return new URLSearchParams([...pairs]).toString();
}

/** `search` with the list's keys replaced by `pairs`, other keys (display=wall) kept. */
function withListPairs(search: string, pairs: readonly [string, string][]): string {
  const params = new URLSearchParams(search);
  for (const key of LIST_KEYS) params.delete(key);
  for (const [key, value] of pairs) params.append(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function useListUrl({
  entity,
  list,
  api,
  onOpen,
}: {
  entity: EntityDeclaration;
  list: EntityListState;
  api: EntityApi;
  /** How the screen opens a row; `?open=<id>` (a search hit) opens it this way. */
  onOpen: ((row: EntityRow) => void) | undefined;
}): void {
  const location = useLocation();
  const navigate = useNavigate();
  // A kept-alive page belongs to the path it was first shown at.
  const own = useRef(location.pathname).current;
  const active = location.pathname === own;
  const defaults = useMemo(() => listUrlDefaults(entity), [entity]);
  const pairs = useMemo(
    () =>
      encodeListUrl(
        {
          filter: [...(list.query.filter ?? [])],
          sort: list.query.sort ?? null,
          page: list.page,
          perPage: list.perPage,
        },
        defaults,
      ),
    [list.query.filter, list.query.sort, list.page, list.perPage, defaults],
  );
  const stateKey = keyOf(pairs);

  // The latest of each, for effects that run on the URL's changes only.
  const latest = useRef({ pairs, stateKey, list, onOpen, api });
  latest.current = { pairs, stateKey, list, onOpen, api };

  const write = (search: string) => {
    const next = withListPairs(search, latest.current.pairs);
    if (next !== search) void navigate({ pathname: own, search: next }, { replace: true });
  };

  // URL → list: a link or Back asks for other rows. A plain address (the menu) keeps the
  // list as it was and shows its state in the URL.
  useEffect(() => {
    if (!active) return;
    const params = new URLSearchParams(location.search);
    if (!LIST_KEYS.some((key) => params.has(key))) {
      if (latest.current.stateKey !== '') write(location.search);
      return;
    }
    const asked = listStateOf(location.search, entity);
    if (keyOf(encodeListUrl(asked, defaults)) !== latest.current.stateKey) {
      latest.current.list.restore(asked);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the URL's changes only
  }, [active, location.search]);

  // List → URL: every filter, sort or page change, in place (no history entry per click).
  useEffect(() => {
    if (!active) return;
    write(location.search);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the list's changes only
  }, [stateKey, active]);

  // ?open=<id>: open the row as a double-click would, then drop it, so Back does not reopen.
  const openId = active ? new URLSearchParams(location.search).get(LIST_URL_KEYS.open) : null;
  useEffect(() => {
    if (openId === null) return;
    const params = new URLSearchParams(location.search);
    params.delete(LIST_URL_KEYS.open);
    const rest = params.toString();
    void navigate({ pathname: own, search: rest === '' ? '' : `?${rest}` }, { replace: true });
    const id = Number(openId);
    const { onOpen: open, api: source } = latest.current;
    if (!open || !Number.isSafeInteger(id) || id <= 0) return;
    // A row that is gone or not the caller's: the shell's error presenter says so.
    source.get(id).then(open, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per id asked for
  }, [openId]);
}
