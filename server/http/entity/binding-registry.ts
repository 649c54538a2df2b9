import type { ResolvedBinding } from './entity-binding.ts';

// The bindings registered with the entity routes, by entity name, for routes that read many
// entities at once (the Ctrl+K record search). A binding depends only on its declaration and
// table, so every app built in one process registers the same ones.

const BINDINGS = new Map<string, ResolvedBinding>();

export function rememberBinding(binding: ResolvedBinding): void {
  BINDINGS.set(binding.entity.name, binding);
}

/** The binding the entity routes serve `name` with, once registered. */
export function registeredBinding(name: string): ResolvedBinding | undefined {
  return BINDINGS.get(name);
}

/** Every registered binding (each has its list and export routes). */
export function registeredBindings(): ResolvedBinding[] {
  return [...BINDINGS.values()];
}
