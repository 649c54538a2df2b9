import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { APP_TITLE } from './logo.tsx';

export interface RouteHandle {
  title?: string;
}

/** Page title = the deepest route's title + ' - Plantline' (docs/product.md §1). */
export function titleFor(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${APP_TITLE}` : APP_TITLE;
}

export function PageTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter((t): t is string => Boolean(t))
    .at(-1);
  useEffect(() => {
    document.title = titleFor(title);
  }, [title]);
  return null;
}
