import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { notify } from '../notify.tsx';

// Leaving a form with unsaved changes asks first: closing its drawer or modal, following a
// link or the back button (react-router's blocker), closing or reloading the tab (the
// browser's own beforeunload prompt). `isDirty` is read when the person leaves, so a save
// that navigates straight to the new record's URL is not stopped by its own navigation.

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

/** Runs `leave` at once when nothing is unsaved, else after a Yes. */
export function confirmDiscard(dirty: boolean, leave: () => void): void {
  if (dirty) notify.confirm(UNSAVED_TITLE, UNSAVED_MESSAGE, leave);
  else leave();
}

export function useUnsavedGuard(isDirty: () => boolean): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  // Cancel leaves the blocker blocked: the next attempt asks again (the router re-checks
  // every navigation and updates `location`), Yes lets the navigation through.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    notify.confirm(UNSAVED_TITLE, UNSAVED_MESSAGE, () => blocker.proceed());
  }, [blocker, blocker.state, blocker.location]);
}
