import { useSyncExternalStore } from 'react';
import { readSize, writeCookie, type UiSize } from './ui-cookies.ts';

// The UI size of docs/product.md §2, remembered in the `size` cookie. A tiny store rather than
// React state because the theme above the router reads it and the top bar below changes it.

let current: UiSize | null = null;
const listeners = new Set<() => void>();

const get = (): UiSize => (current ??= readSize());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setUiSize(size: UiSize): void {
  writeCookie('size', size);
  current = size;
  listeners.forEach((listener) => listener());
}

export function useUiSize(): UiSize {
  return useSyncExternalStore(subscribe, get);
}
