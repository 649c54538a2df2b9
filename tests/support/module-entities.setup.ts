import { loadModuleEntities } from '../../src/domain/entities/entity-registry.ts';

// The server loads the modules' entities when it builds its app, and a module page before it
// renders (route-objects.tsx); a unit or server suite that renders a screen or reads the
// registry by itself (to derive its cases from every declaration) finds them loaded too.
await loadModuleEntities();
