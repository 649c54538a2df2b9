import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ROUTE_MAP } from '../../domain/route-map/route-map.ts';
import { accessibleRoutes, menuOf, type RouteViewer } from '../../domain/route-visibility.ts';
import { routeSearchEntries } from '../../domain/route-search.ts';
import { RouteIcon } from '../shell/route-icon.tsx';

const SHOWN_LINKS = 6;

/**
 * What the user's roles open (docs/product.md §1): one card per menu section they can reach, with
 * its first pages as links. Built from the same visibility filter as the sidebar, so the two
 * always agree.
 */
export function ModulesGrid({ user }: { user: RouteViewer }) {
  // Every menu entry but the dashboard itself; a top-level page (Imports) is a card of one.
  const sections = menuOf(accessibleRoutes(ROUTE_MAP, user)).filter((r) => r.name !== 'dashboard');
  return (
    <section aria-label="What you can open">
      <Text fw={600} mb="sm">
        What you can open{' '}
        <Text span c="dimmed" fw={400}>
          · {sections.length} {sections.length === 1 ? 'section' : 'sections'}
        </Text>
      </Text>
      {sections.length === 0 ? (
        <Text c="dimmed" size="sm">
          No module is enabled for your roles yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3, xl: 4 }} spacing="md">
          {sections.map((section) => {
            const pages = routeSearchEntries(section.children ?? [section]);
            return (
              <Card
                key={section.name}
                withBorder
                radius="md"
                padding="md"
                data-testid="module-card"
              >
                <Group gap="sm" wrap="nowrap" mb="xs">
                  <ThemeIcon variant="light" size={34} radius="md">
                    <RouteIcon name={section.icon} size={20} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600} size="sm">
                      {section.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {pages.length} {pages.length === 1 ? 'screen' : 'screens'}
                    </Text>
                  </div>
                </Group>
                <Stack gap={2}>
                  {pages.slice(0, SHOWN_LINKS).map((page) => (
                    <Anchor key={page.name} component={Link} to={page.path} size="sm">
                      {page.title.split(' > ').join(' › ')}
                    </Anchor>
                  ))}
                  {pages.length > SHOWN_LINKS && (
                    <Text size="xs" c="dimmed">
                      and {pages.length - SHOWN_LINKS} more in the menu
                    </Text>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
