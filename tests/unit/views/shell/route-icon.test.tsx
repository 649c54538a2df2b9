import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTE_ICON_NAMES } from '../../../../src/domain/route-map/route-icons.ts';
import {
  FALLBACK_ROUTE_ICON,
  RouteIcon,
  routeIconOf,
} from '../../../../src/views/shell/route-icon.tsx';

describe('route icons', () => {
  it('maps every name the route map uses to its own tabler component', () => {
    for (const name of ROUTE_ICON_NAMES) {
      const icon = routeIconOf(name);
      expect(icon, name).not.toBe(FALLBACK_ROUTE_ICON);
      expect(icon.displayName, name).toBe(name.replace(/^Icon/, ''));
    }
  });

  it('falls back for an unknown or missing name, and for inherited keys', () => {
    expect(routeIconOf('IconDoesNotExist')).toBe(FALLBACK_ROUTE_ICON);
    expect(routeIconOf(undefined)).toBe(FALLBACK_ROUTE_ICON);
    expect(routeIconOf('toString')).toBe(FALLBACK_ROUTE_ICON);
  });

  it('renders an svg hidden from assistive technology', () => {
    const { container } = render(<RouteIcon name="IconUsers" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toContain('tabler-icon-users');
  });
});
