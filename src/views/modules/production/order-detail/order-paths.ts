// Where a production order is shown: the list, and its detail page (the route map's
// `/production/production-orders/:id`), linked from the list, the dashboard cards and a
// daily order's lines.

export const ORDERS_LIST_PATH = '/production/production-orders';

export const orderDetailPath = (id: number | string): string => `${ORDERS_LIST_PATH}/${id}`;
