import { Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { routeSearch } from './route-search-store.ts';
import { SEARCH_SHORTCUTS } from './search-shortcuts.ts';

// Fuse.js and the panel are fetched on the first search, not with the shell.
const RouteSearchPanel = lazy(() =>
  import('./route-search-panel.tsx').then((m) => ({ default: m.RouteSearchPanel })),
);

/** The top bar's search button; the panel of pages and records opens over the page. */
export function RouteSearch() {
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    // The spotlight store remembers this until the panel mounts and shows itself.
    routeSearch.open();
  };
  // Until the panel is loaded its own shortcuts are not registered; these stand in.
  useHotkeys(loaded ? [] : SEARCH_SHORTCUTS.map((keys) => [keys, open]));
  return (
    <>
      <Button
        variant="default"
        size="xs"
        radius="md"
        leftSection={<IconSearch size={14} />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        onClick={open}
        // Named by what it shows ("Search pages Ctrl K"), as WCAG's label-in-name asks.
        aria-keyshortcuts="Control+K"
        visibleFrom="lg"
        c="dimmed"
        fw={400}
      >
        Search pages
      </Button>
      <Button
        variant="subtle"
        color="gray"
        size="compact-md"
        onClick={open}
        aria-label="Search pages"
        hiddenFrom="lg"
      >
        <IconSearch size={18} />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <RouteSearchPanel />
        </Suspense>
      )}
    </>
  );
}
