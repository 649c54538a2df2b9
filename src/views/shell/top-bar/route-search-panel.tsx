import { Text } from '@mantine/core';
import {
  Spotlight,
  type SpotlightActionData,
  type SpotlightActionGroupData,
  type SpotlightStore,
} from '@mantine/spotlight';
import { IconFileSearch, IconSearch } from '@tabler/icons-react';
import Fuse from 'fuse.js';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RecordHit } from '../../../api/search.api.ts';
import {
  ROUTE_SEARCH_OPTIONS,
  routeSearchEntries,
  routeSearchPattern,
} from '../../../domain/route-search.ts';
import { flattenRoutes } from '../../../domain/route-map/route-tree.ts';
import { RouteIcon } from '../route-icon.tsx';
import { useAccessibleRoutes } from '../use-accessible-routes.ts';
import { useRecordSearch } from './route-search-records.ts';
import { routeSearch, routeSearchStore } from './route-search-store.ts';
import { SEARCH_SHORTCUTS } from './search-shortcuts.ts';

const PAGE_LIMIT = 12;
const NO_HITS: readonly RecordHit[] = [];

/** The group names, also what a person reads above each group. */
const GROUPS = { pages: 'Pages', records: 'Records' } as const;

/**
 * Marks the first result selected, as the spotlight does itself when the text changes: the
 * records arrive after that, and Enter must open what now heads the list.
 */
function selectFirst(store: SpotlightStore): void {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelectorAll('[data-selected]').forEach((el) => el.removeAttribute('data-selected'));
  const first = list.querySelector('[data-action]');
  first?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
}

function recordAction(hit: RecordHit, open: (path: string) => void): SpotlightActionData {
  return {
    id: `record:${hit.entity}:${hit.id}`,
    label: hit.label,
    description: hit.detail ? `${hit.title} · ${hit.detail}` : hit.title,
    leftSection: <IconFileSearch size={18} />,
    onClick: () => open(hit.path),
  };
}

/**
 * Ctrl+K (docs/product.md §2, §9). Pages the user may open, found by title (with its
 * sections) or path through Fuse.js with the spec's weights and threshold, and records the
 * user may open, found by the server by number, code or name. An exact record match heads the
 * list; otherwise pages come first. Enter opens the selected result, arrows move, a click
 * opens any. A lazy chunk: <RouteSearch> loads it the first time someone searches.
 */
export function RouteSearchPanel() {
  const accessible = useAccessibleRoutes();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const records = useRecordSearch(query);
  const entries = useMemo(() => routeSearchEntries(accessible), [accessible]);
  const icons = useMemo(
    () => new Map(flattenRoutes(accessible).map(({ route }) => [route.name, route.icon])),
    [accessible],
  );
  const fuse = useMemo(
    () => new Fuse(entries, { ...ROUTE_SEARCH_OPTIONS, keys: [...ROUTE_SEARCH_OPTIONS.keys] }),
    [entries],
  );

  const pages = useMemo<SpotlightActionData[]>(() => {
    const pattern = routeSearchPattern(query);
    const found = pattern === '' ? entries : fuse.search(pattern).map(({ item }) => item);
    return found.slice(0, PAGE_LIMIT).map((entry) => ({
      id: entry.path,
      label: entry.title,
      description: entry.path,
      leftSection: <RouteIcon name={icons.get(entry.name)} size={18} />,
      onClick: () => void navigate(entry.path),
    }));
  }, [query, entries, fuse, icons, navigate]);

  // Hits of an older text never show under newer text.
  const hits = useMemo(
    () => (records.query === query.trim() ? records.hits : NO_HITS),
    [records, query],
  );
  const groups = useMemo<SpotlightActionGroupData[]>(() => {
    const found = hits.map((hit) => recordAction(hit, (path) => void navigate(path)));
    const pageGroup = { group: GROUPS.pages, actions: pages };
    const recordGroup = { group: GROUPS.records, actions: found };
    const ordered =
      hits[0]?.match === 'exact' ? [recordGroup, pageGroup] : [pageGroup, recordGroup];
    return ordered.filter((g) => g.actions.length > 0);
  }, [hits, pages, navigate]);

  // Enter typed before the records came (a number typed and sent at once, no page matching
  // it) opens the first record when it comes, rather than nothing.
  const enterPending = useRef(false);
  useEffect(() => {
    if (records.status === 'loading') return;
    selectFirst(routeSearchStore);
    if (!enterPending.current) return;
    enterPending.current = false;
    const [first] = hits;
    if (records.status === 'done' && first) {
      void navigate(first.path);
      routeSearch.close();
    }
  }, [records.status, hits, groups, navigate]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    enterPending.current = records.status === 'loading' && pages.length === 0;
  };

  const searching = records.status === 'loading' && query.trim() !== '';
  return (
    <Spotlight
      store={routeSearchStore}
      actions={groups}
      filter={(_, actions) => actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={SEARCH_SHORTCUTS}
      nothingFound={
        <Text size="sm">
          {searching
            ? 'No page matches · searching records…'
            : records.status === 'failed'
              ? 'No page matches · records could not be searched'
              : 'No page matches and no record'}
        </Text>
      }
      highlightQuery={false}
      scrollable
      maxHeight={460}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: 'Search pages, or records by number, code or name…',
        onKeyDown,
        'aria-busy': searching,
      }}
    />
  );
}
