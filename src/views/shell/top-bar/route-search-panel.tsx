import { Text } from '@mantine/core';
import {
  Spotlight,
  type SpotlightActionData,
  type SpotlightFilterFunction,
} from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import Fuse from 'fuse.js';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ROUTE_SEARCH_OPTIONS,
  routeSearchEntries,
  routeSearchPattern,
} from '../../../domain/route-search.ts';
import { flattenRoutes } from '../../../domain/route-map/route-tree.ts';
import { RouteIcon } from '../route-icon.tsx';
import { useAccessibleRoutes } from '../use-accessible-routes.ts';
import { SEARCH_SHORTCUTS } from './search-shortcuts.ts';

const RESULT_LIMIT = 12;

/**
 * The fuzzy route search (spec §2, §9): every page the user may open, found by title (with
 * its sections) or path through Fuse.js with the spec's weights and threshold. Enter opens
 * the first match. A lazy chunk: <RouteSearch> loads it the first time someone searches.
 */
export function RouteSearchPanel() {
  const accessible = useAccessibleRoutes();
  const navigate = useNavigate();
  const entries = useMemo(() => routeSearchEntries(accessible), [accessible]);
  const icons = useMemo(
    () => new Map(flattenRoutes(accessible).map(({ route }) => [route.name, route.icon])),
    [accessible],
  );
  const fuse = useMemo(
    () => new Fuse(entries, { ...ROUTE_SEARCH_OPTIONS, keys: [...ROUTE_SEARCH_OPTIONS.keys] }),
    [entries],
  );

  const actions = useMemo<SpotlightActionData[]>(
    () =>
      entries.map((entry) => ({
        id: entry.path,
        label: entry.title,
        description: entry.path,
        leftSection: <RouteIcon name={icons.get(entry.name)} size={18} />,
        onClick: () => void navigate(entry.path),
      })),
    [entries, icons, navigate],
  );

  const filter: SpotlightFilterFunction = (query, all) => {
    const pattern = routeSearchPattern(query);
    if (pattern === '') return all;
    const byId = new Map(all.map((a) => ['id' in a ? a.id : a.group, a]));
    return fuse.search(pattern).flatMap(({ item }) => byId.get(item.path) ?? []);
  };

  return (
    <Spotlight
      actions={actions}
      filter={filter}
      limit={RESULT_LIMIT}
      shortcut={SEARCH_SHORTCUTS}
      nothingFound={<Text size="sm">No page matches</Text>}
      highlightQuery={false}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: 'Search pages by name or path…',
      }}
    />
  );
}
