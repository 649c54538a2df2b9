import { createContext } from 'react';

// Whether the form around a document's workflow bar is saving. An event sent meanwhile would
// carry the version read before that save and be refused as stale, so the bar waits for it
// (document-actions.tsx); outside a form nothing is ever saving.

export const FormSavingContext = createContext(false);
