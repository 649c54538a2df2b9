import type { FastifyInstance } from 'fastify';
import type { ResolvedBinding } from './entity-binding.ts';

// The bindings an app's entity routes serve, by entity name, for routes that read many entities
// at once (the Ctrl+K record search, a timeline's labels) or another module's rows. Kept on the
// app, not in the module: a binding's closures hold the app's dependencies, and a process that
// builds several apps (the test suites) would otherwise keep the last one alive.

declare module 'fastify' {
  interface FastifyInstance {
    entityBindings: EntityBindings;
  }
}

export type EntityBindings = Map<string, ResolvedBinding>;

export function rememberBinding(app: FastifyInstance, binding: ResolvedBinding): void {
  app.entityBindings.set(binding.entity.name, binding);
}
