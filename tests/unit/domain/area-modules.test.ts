import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../src/domain/access.ts';
import { AREA_MODULES, canUseArea } from '../../../src/domain/area-modules.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { ROUTE_MAP } from '../../../src/domain/route-map/route-map.ts';
import { flattenRoutes } from '../../../src/domain/route-map/route-tree.ts';

// The server gates areas by module from AREA_MODULES and the menu gates pages by the route
// map's module: the two must agree, or a page opens whose API then refuses it.

describe('the modules of each area', () => {
  it('include the module of every page governed by the area', () => {
    const missing: string[] = [];
    for (const { route } of flattenRoutes(ROUTE_MAP)) {
      if (!route.module) continue;
      for (const area of [route.area, ...(route.sharedWith ?? [])]) {
        if (!area) continue;
        const modules: readonly string[] = AREA_MODULES[area];
        if (!modules.includes(route.module))
          missing.push(`${route.path}: ${area} → ${route.module}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name one module or more for every area', () => {
    for (const area of AREAS) expect(AREA_MODULES[area].length, area).toBeGreaterThan(0);
  });
});

describe('canUseArea', () => {
  const all = [...MODULES];
  const without = (module: string) => all.filter((m) => m !== module);

  it('lets a role in with the module and refuses it without', () => {
    expect(canUseArea({ roles: ['inventory'], modules: all }, 'inventory')).toBe(true);
    expect(canUseArea({ roles: ['inventory'], modules: without('inventory') }, 'inventory')).toBe(
      false,
    );
  });

  it('bypasses roles for admin but never modules', () => {
    expect(canUseArea({ roles: ['admin'], modules: ['forecast'] }, 'forecast')).toBe(true);
    expect(canUseArea({ roles: ['admin'], modules: without('forecast') }, 'forecast')).toBe(false);
  });

  it('opens reels with either Production or Assembly', () => {
    const stampInventory = (modules: string[]) => ({ roles: ['stamp_inventory'], modules });
    expect(canUseArea(stampInventory(['assembly']), 'production_reels')).toBe(true);
    expect(canUseArea(stampInventory(['production']), 'production_reels')).toBe(true);
    expect(canUseArea(stampInventory(['sale']), 'production_reels')).toBe(false);
  });
});
