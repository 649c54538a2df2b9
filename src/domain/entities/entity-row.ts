// A record as the API carries it and the database layer reads it: the declared fields of its
// entity by name, with the three columns every table has (docs/architecture.md "Entities").
// The browser's entity client and the server's entity binding share this one type.

export type EntityRow = Record<string, unknown> & { id: number; version: number; seq: number };
