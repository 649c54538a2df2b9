// Zod compiles a fast parser for each object schema with `new Function`, and it probes whether
// it may as each schema is built. The page's Content-Security-Policy forbids eval, so the probe
// alone reports a violation; Zod's own interpreter is enough for the few answers the browser
// checks. Imported first by main.tsx, before any schema is built. Zod keeps its configuration
// on this global (zod/v4/core/core.js) and takes one already there; setting it here, rather
// than through `config()`, keeps Zod itself out of the login page's bundle. The CSP e2e test
// fails if a Zod upgrade stops reading it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
