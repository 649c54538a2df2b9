import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  selectNavigateTo,
  selectRefreshKey,
  tabsMachine,
  type TabsEvent,
} from '../../../src/machines/ui/tabs.machine.ts';
import type { TabVisit } from '../../../src/machines/ui/tabs.views.ts';

const view = (path: string, extra: Partial<TabVisit> = {}): TabVisit => ({
  path,
  fullPath: path,
  name: path.slice(1).replace(/\W/g, '_'),
  title: path,
  ...extra,
});
const dashboard = view('/dashboard', { affix: true });

function tabs(...events: TabsEvent[]) {
  const actor = createActor(tabsMachine).start();
  for (const event of events) actor.send(event);
  const context = () => actor.getSnapshot().context;
  return { actor, context, paths: () => context().visited.map((v) => v.path) };
}
const visitOne = (path: string, extra?: Partial<TabVisit>): TabsEvent => ({
  type: 'tabs.visit',
  view: view(path, extra),
});
const visit = (...paths: string[]): TabsEvent[] => paths.map((path) => visitOne(path));

describe('tabs machine', () => {
  it('adds a visited view once, updates it in place, caches it and makes it active', () => {
    const { actor, context, paths } = tabs(...visit('/orders', '/report'));
    actor.send({ type: 'tabs.visit', view: view('/orders', { fullPath: '/orders?page=2' }) });
    expect(paths()).toEqual(['/orders', '/report']);
    expect(context().visited[0]?.fullPath).toBe('/orders?page=2');
    expect(context().cached).toEqual(['orders', 'report']);
    expect(context().activePath).toBe('/orders');
  });

  it('gives the tab of a replaced page to the page that replaced it, in its place', () => {
    const { actor, context, paths } = tabs(...visit('/orders', '/order/new', '/report'));
    actor.send({ type: 'tabs.refresh', path: '/order/new' });
    actor.send({ type: 'tabs.visit', view: view('/order/7'), replacing: '/order/new' });
    expect(paths()).toEqual(['/orders', '/order/7', '/report']);
    expect(context().activePath).toBe('/order/7');
    expect(context().refreshKeys).toEqual({});
    // Replacing a page whose record is open already: that tab stays, the form's goes.
    actor.send(visitOne('/order/new'));
    actor.send({ type: 'tabs.visit', view: view('/order/7'), replacing: '/order/new' });
    expect(paths()).toEqual(['/orders', '/order/7', '/report']);
  });

  it('never replaces a pinned tab, nor one that is not open', () => {
    const { actor, paths } = tabs({ type: 'tabs.init_affix', views: [dashboard] }, ...visit('/a'));
    actor.send({ type: 'tabs.visit', view: view('/b'), replacing: '/dashboard' });
    actor.send({ type: 'tabs.visit', view: view('/c'), replacing: '/gone' });
    expect(paths()).toEqual(['/dashboard', '/a', '/b', '/c']);
  });

  it('never caches a no-cache view or a view without a name', () => {
    const { context } = tabs(
      { type: 'tabs.visit', view: view('/live', { noCache: true }) },
      { type: 'tabs.visit', view: view('/plain', { name: '' }) },
    );
    expect(context().visited).toHaveLength(2);
    expect(context().cached).toEqual([]);
  });

  it('pins affix views in front, once, and pins a view already open', () => {
    const { context, paths } = tabs(...visit('/orders', '/profile'), {
      type: 'tabs.init_affix',
      views: [dashboard, view('/profile'), dashboard],
    });
    expect(paths()).toEqual(['/dashboard', '/orders', '/profile']);
    expect(
      context()
        .visited.filter((v) => v.affix)
        .map((v) => v.path),
    ).toEqual(['/dashboard', '/profile']);
  });

  it('keeps a pinned view pinned when a later visit says otherwise', () => {
    const { actor, context } = tabs({ type: 'tabs.init_affix', views: [dashboard] });
    actor.send({ type: 'tabs.visit', view: view('/dashboard', { affix: false }) });
    expect(context().visited[0]?.affix).toBe(true);
  });

  it('refuses to close a pinned tab', () => {
    const { actor, paths } = tabs({ type: 'tabs.init_affix', views: [dashboard] });
    expect(actor.getSnapshot().can({ type: 'tabs.close', path: '/dashboard' })).toBe(false);
    actor.send({ type: 'tabs.close', path: '/dashboard' });
    expect(paths()).toEqual(['/dashboard']);
  });

  it('closing an inactive tab removes it and its cache entry without navigating', () => {
    const { actor, context, paths } = tabs(...visit('/a', '/b', '/c'));
    actor.send({ type: 'tabs.close', path: '/a' });
    expect(paths()).toEqual(['/b', '/c']);
    expect(context().cached).toEqual(['b', 'c']);
    expect(context()).toMatchObject({ activePath: '/c', navigateTo: null });
  });

  it('closing the active tab goes to its left neighbour', () => {
    const { actor, context } = tabs(...visit('/a', '/b', '/c'));
    actor.send(visitOne('/a', { fullPath: '/a?x=1' }));
    actor.send(visitOne('/b'));
    actor.send({ type: 'tabs.close', path: '/b' });
    expect(context()).toMatchObject({ activePath: '/a', navigateTo: '/a?x=1' });
  });

  it('closing the active first tab goes to the last one left, else to the dashboard', () => {
    const { actor, context } = tabs(...visit('/b', '/c', '/a'));
    actor.send(visitOne('/b'));
    actor.send({ type: 'tabs.close', path: '/b' });
    expect(context()).toMatchObject({ activePath: '/a', navigateTo: '/a' });
    actor.send({ type: 'tabs.close_all' });
    expect(selectNavigateTo(actor.getSnapshot())).toBe('/dashboard');
    expect(context().activePath).toBeNull();
  });

  it('a new visit clears the pending navigation', () => {
    const { actor, context } = tabs(...visit('/a', '/b'), { type: 'tabs.close', path: '/b' });
    expect(context().navigateTo).toBe('/a');
    actor.send(visitOne('/a'));
    expect(context().navigateTo).toBeNull();
  });

  it('close others keeps pinned tabs and the chosen one, and goes there', () => {
    const { actor, context, paths } = tabs(
      { type: 'tabs.init_affix', views: [dashboard] },
      ...visit('/a', '/b', '/c'),
    );
    actor.send({ type: 'tabs.close_others', path: '/a' });
    expect(paths()).toEqual(['/dashboard', '/a']);
    expect(context().cached).toEqual(['dashboard', 'a']);
    expect(context()).toMatchObject({ activePath: '/a', navigateTo: '/a' });
  });

  it('close others does not navigate when the active tab stays', () => {
    const { actor, context } = tabs(...visit('/a', '/b'));
    actor.send({ type: 'tabs.close_others', path: '/b' });
    expect(context().navigateTo).toBeNull();
  });

  it('close all keeps only pinned tabs and goes to the nearest one on the left', () => {
    const { actor, context, paths } = tabs(
      ...visit('/a', '/b'),
      { type: 'tabs.init_affix', views: [dashboard, view('/help', { affix: true })] },
      ...visit('/c'),
    );
    actor.send({ type: 'tabs.close_all' });
    expect(paths()).toEqual(['/dashboard', '/help']);
    expect(context()).toMatchObject({ activePath: '/help', navigateTo: '/help' });
  });

  it('refresh drops the view from the cache and bumps its key until it is visited again', () => {
    const { actor, context } = tabs(...visit('/a', '/b'));
    actor.send({ type: 'tabs.refresh', path: '/a' });
    actor.send({ type: 'tabs.refresh', path: '/a' });
    expect(context().cached).toEqual(['b']);
    expect(selectRefreshKey('/a')(actor.getSnapshot())).toBe(2);
    expect(selectRefreshKey('/b')(actor.getSnapshot())).toBe(0);
    actor.send(visitOne('/a'));
    expect(context().cached).toEqual(['b', 'a']);
  });

  it('ignores a refresh or close-others for a path that is not open', () => {
    const { actor, context } = tabs(...visit('/a'));
    const before = context();
    actor.send({ type: 'tabs.refresh', path: '/nope' });
    actor.send({ type: 'tabs.close_others', path: '/nope' });
    expect(context()).toBe(before);
  });

  it('keeps a shared component name cached while another open view uses it', () => {
    const { actor, context } = tabs(
      { type: 'tabs.visit', view: view('/orders/1', { name: 'Order' }) },
      { type: 'tabs.visit', view: view('/orders/2', { name: 'Order' }) },
    );
    actor.send({ type: 'tabs.close', path: '/orders/1' });
    expect(context().cached).toEqual(['Order']);
    actor.send({ type: 'tabs.close', path: '/orders/2' });
    expect(context().cached).toEqual([]);
  });

  it('forgets the refresh key of a closed tab', () => {
    const { actor, context } = tabs(...visit('/a', '/b'), { type: 'tabs.refresh', path: '/a' });
    actor.send({ type: 'tabs.close', path: '/a' });
    expect(context().refreshKeys).toEqual({});
  });
});
