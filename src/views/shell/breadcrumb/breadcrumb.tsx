import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRouteMetaHandle } from '../../modules/route-handle.ts';

const DASHBOARD = { title: 'Dashboard', path: '/dashboard' };

/**
 * Spec §1: the breadcrumb always starts with Dashboard, then the sections above the page
 * (those not marked `breadcrumb: false`), then the page. Sections are menus, not pages, so
 * only Dashboard is a link.
 */
export function Breadcrumb() {
  const handle = useRouteMetaHandle();
  const trail = handle
    ? [...handle.parents, handle.meta]
        .filter((r) => r.breadcrumb !== false)
        .map((r) => r.title)
        // A section named like its only page (Products › Products) reads once.
        .filter((title, i, all) => title !== all[i - 1])
    : [];
  if (trail[0] === DASHBOARD.title) trail.shift();
  return (
    // One line at any width: the sections above the page give way first (ellipsis), the page
    // last, so the top bar never grows a second row.
    <Breadcrumbs
      separator="/"
      separatorMargin={6}
      aria-label="Breadcrumb"
      data-testid="breadcrumb"
      styles={{ root: { flexWrap: 'nowrap', minWidth: 0, overflow: 'hidden' } }}
    >
      {trail.length === 0 ? (
        <Text size="sm" fw={500}>
          {DASHBOARD.title}
        </Text>
      ) : (
        <Anchor component={Link} to={DASHBOARD.path} size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {DASHBOARD.title}
        </Anchor>
      )}
      {trail.map((title, index) => (
        <Text
          key={`${index}-${title}`}
          size="sm"
          truncate="end"
          miw="2ch"
          c={index === trail.length - 1 ? undefined : 'dimmed'}
          fw={index === trail.length - 1 ? 500 : 400}
          style={{ flexShrink: index === trail.length - 1 ? 1 : 100 }}
        >
          {title}
        </Text>
      ))}
    </Breadcrumbs>
  );
}
