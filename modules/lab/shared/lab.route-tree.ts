import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Lab Receiving (docs/product.md §2, base /lab chosen here). The section row (supervisor,
// warehouse) gates the group; containers and flashpoint classes are the supervisor's.

const SECTION = 'lab_receiving' as const;
const CONTAINERS = 'lab_receiving_containers' as const;

export const LAB_ROUTES = buildRoutes(
  group(
    '/lab',
    'lab',
    'Lab Receiving',
    'IconFlask',
    [
      // Warehouse receives; the supervisor inspects and posts (docs/domain/lab-receiving.md §10),
      // so the containers row shares the page.
      page('/lab/receiving', 'lab.receiving', 'Lab Receiving', 'IconTruckLoading', 'receiving', {
        sharedWith: [CONTAINERS],
      }),
      // One receiving's form (`new` to create), opened from the list, search and the ledger.
      form(
        '/lab/receiving/:id',
        'lab.receiving-form',
        'Lab Receiving',
        'IconTruckLoading',
        'receiving',
        {
          sharedWith: [CONTAINERS],
        },
      ),
      page(
        '/lab/receiving-items-list',
        'lab.receiving-items',
        'Receiving Items',
        'IconList',
        SECTION,
      ),
      page('/lab/receiving-containers', 'lab.containers', 'Containers', 'IconBucket', CONTAINERS),
      form('/lab/receiving-container/:id?', 'lab.container', 'Container', 'IconBucket', CONTAINERS),
      page('/lab/qr-code-generation', 'lab.qr-codes', 'QR Code Generation', 'IconQrcode', SECTION),
      page(
        '/lab/flashpoint-classes',
        'lab.flashpoint-classes',
        'Flashpoint Classes',
        'IconFlame',
        CONTAINERS,
      ),
    ],
    { module: 'lab', area: SECTION },
  ),
);
