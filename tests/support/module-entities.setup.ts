import { loadModuleEntities } from '../../src/domain/entities/entity-registry.ts';

// The server loads the modules' entities when it builds its app; a suite that reads the registry
// before starting one (to derive its cases from every declaration) finds them loaded too.
await loadModuleEntities();
