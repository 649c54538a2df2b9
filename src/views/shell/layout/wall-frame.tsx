import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

// A signed-in page shown on a wall (`?display=wall`): the page alone, without sidebar, bars or
// tabs. With `rotate=<seconds>` and `pages=<path>,<path>…` it moves through those pages in
// turn, each shown as a wall too, so one screen can cycle through several dashboards.

/** Seconds a page shows before the next one, at the least. */
const MIN_ROTATE_S = 10;

export const isWallDisplay = (search: string) =>
  new URLSearchParams(search).get('display') === 'wall';

export function WallFrame() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const rotate = Number(params.get('rotate') ?? 0);
  const pages = (params.get('pages') ?? '').split(',').filter((p) => p.startsWith('/'));

  useEffect(() => {
    if (!(rotate > 0) || pages.length < 2) return;
    const next = pages[(pages.indexOf(pathname) + 1) % pages.length] ?? pages[0];
    const timer = setTimeout(
      () => void navigate(`${next}?${params.toString()}`, { replace: true }),
      Math.max(MIN_ROTATE_S, rotate) * 1000,
    );
    return () => clearTimeout(timer);
  }, [rotate, pages, pathname, params, navigate]);

  return <Outlet />;
}
