import { FLASHPOINT_CLASSES } from '../shared/entities/flashpoint-classes.entity.ts';
import { LAB_RECEIVING_ITEMS, LAB_RECEIVINGS } from '../shared/entities/lab-receivings.entity.ts';
import { RECEIVING_CONTAINERS } from '../shared/entities/receiving-containers.entity.ts';
import { LAB_ROUTES } from '../shared/lab.route-tree.ts';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { LabQrCodesPage } from './lab-qr-codes.page.tsx';
import { LabReceivingFormPage } from './lab-receiving-form.page.tsx';
import { ReceivingContainerPage } from './receiving-container.page.tsx';

// Loaded lazily by the router, so Lab Receiving is a chunk of its own.

/** Lab Receiving screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([LAB_ROUTES]),
  'lab.receiving': entityScreen(LAB_RECEIVINGS, { formPath: '/lab/receiving' }),
  'lab.receiving-form': LabReceivingFormPage,
  'lab.receiving-items': entityScreen(LAB_RECEIVING_ITEMS),
  'lab.containers': entityScreen(RECEIVING_CONTAINERS, { formPath: '/lab/receiving-container' }),
  'lab.container': ReceivingContainerPage,
  'lab.qr-codes': LabQrCodesPage,
  'lab.flashpoint-classes': entityScreen(FLASHPOINT_CLASSES),
};
