// Closed lists of distribution centers (docs/domain/production.md §3.3), shared by the declarations
// and the database CHECKs in server/db/schema/distribution-centers.ts.

/** What happened to a product's place in a distribution center. */
export const DC_LOCATION_ACTIONS = ['assigned', 'moved', 'removed', 'primary_changed'] as const;
