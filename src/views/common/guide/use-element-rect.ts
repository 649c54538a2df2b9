import { useEffect, useState } from 'react';

// Where the element a guide step points at is on screen. Found by selector because the
// elements belong to other components; measured again on resize and scroll (capture, so
// scrolling panes count too) so the highlight follows the layout.

export interface ElementRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

function measure(selector: string | null): ElementRect | null {
  const element = selector ? document.querySelector(selector) : null;
  if (!element) return null;
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top, left, width, height };
}

const same = (a: ElementRect | null, b: ElementRect | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.top === b.top &&
    a.left === b.left &&
    a.width === b.width &&
    a.height === b.height);

/** The rect of the first element matching `selector`, or null when there is none. */
export function useElementRect(selector: string | null): ElementRect | null {
  const [rect, setRect] = useState<ElementRect | null>(() => measure(selector));
  useEffect(() => {
    const update = () =>
      setRect((prev) => {
        const next = measure(selector);
        return same(prev, next) ? prev : next;
      });
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [selector]);
  return rect;
}
