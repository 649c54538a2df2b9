import { Text } from '@mantine/core';
import {
  Children,
  isValidElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import classes from './production-dashboard.module.css';

// A wall column shows every card it holds, nobody at the wall to scroll it: the cards that fit
// whole show, a line under them says which of how many and how many more, and the column turns
// to the next ones by itself. Which cards fit is measured, not guessed: cards differ in height
// (a held order carries its reason) and walls differ in size.

/** How long one page of a column stays before the next, long enough to read it from 5 m. */
export const WALL_PAGE_MS = 8_000;

export function WallPages({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  const list = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState(0);
  const [fits, setFits] = useState(items.length);
  const [size, resized] = useState(0);
  const first = start < items.length ? start : 0;

  // Every card from `first` is laid out; those past the column's bottom are hidden, and how
  // many fit whole is read back whenever the cards, the page or the column's size change (at
  // least one, however tall).
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    let whole = 0;
    for (const card of box.children) {
      const el = card as HTMLElement;
      if (el.offsetTop + el.offsetHeight > box.clientHeight) break;
      whole += 1;
    }
    const measured = Math.max(1, whole);
    if (measured !== fits) setFits(measured);
  }, [children, first, fits, size]);

  useEffect(() => {
    const box = list.current;
    if (!box) return;
    const observer = new ResizeObserver(() => resized((n) => n + 1));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const shown = Math.min(fits, items.length - first);
  const paging = shown < items.length;
  useEffect(() => {
    if (!paging) return;
    const timer = setInterval(
      () => setStart((s) => (s + shown >= items.length ? 0 : s + shown)),
      WALL_PAGE_MS,
    );
    return () => clearInterval(timer);
  }, [paging, shown, items.length]);

  return (
    <>
      <div ref={list} className={classes.pages}>
        {items.slice(first).map((item, i) => (
          <div
            key={isValidElement(item) ? (item.key ?? i) : i}
            className={classes.page}
            data-beyond={i >= shown || undefined}
          >
            {item}
          </div>
        ))}
      </div>
      <Text className={classes.more} data-more={paging || undefined} aria-hidden={!paging}>
        {paging
          ? `${first + 1}–${first + shown} of ${items.length} · +${items.length - shown} more`
          : ' '}
      </Text>
    </>
  );
}
