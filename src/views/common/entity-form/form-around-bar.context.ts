import { createContext } from 'react';

// What a document's workflow bar (document-actions.tsx) needs of the form around it; outside
// a form nothing is ever saving and there is nothing typed to keep.

export type FormAroundBar = {
  /**
   * The form is saving. An event sent meanwhile would carry the version read before that save
   * and be refused as stale, so the bar waits for it.
   */
  saving: boolean;
  /**
   * Reads the record again and shows it with what the person typed kept on top: the bar's
   * Reload after an event refused as stale, which would otherwise lose the typing.
   */
  reloadKeepingTyped: (() => Promise<void>) | null;
};

export const FormAroundBarContext = createContext<FormAroundBar>({
  saving: false,
  reloadKeepingTyped: null,
});
