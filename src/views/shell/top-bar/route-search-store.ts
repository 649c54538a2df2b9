import { createSpotlight } from '@mantine/spotlight';

// The search panel's own spotlight store: the top-bar button opens it before the panel's
// chunk has loaded, and the panel re-selects its first result when records arrive.
export const [routeSearchStore, routeSearch] = createSpotlight();
