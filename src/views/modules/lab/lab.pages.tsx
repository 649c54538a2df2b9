import { FLASHPOINT_CLASSES } from '../../../domain/entities/lab/flashpoint-classes.entity.ts';
import {
  LAB_RECEIVING_ITEMS,
  LAB_RECEIVINGS,
} from '../../../domain/entities/lab/lab-receivings.entity.ts';
import { RECEIVING_CONTAINERS } from '../../../domain/entities/lab/receiving-containers.entity.ts';
import { LAB_ROUTES } from '../../../domain/route-map/lab.routes.ts';
import { entityScreen } from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { LabQrCodesPage } from './lab-qr-codes.page.tsx';
import { LabReceivingFormPage } from './lab-receiving-form.page.tsx';
import { ReceivingContainerPage } from './receiving-container.page.tsx';

// Loaded lazily by the router, so Lab Receiving is a chunk of its own.

/** Lab Receiving screens keyed by route name. */
export const labPages: PageMap = {
  ...notBuiltPages([LAB_ROUTES]),
  'lab.receiving': entityScreen(LAB_RECEIVINGS, { formPath: '/lab/receiving' }),
  'lab.receiving-form': LabReceivingFormPage,
  'lab.receiving-items': entityScreen(LAB_RECEIVING_ITEMS),
  'lab.containers': entityScreen(RECEIVING_CONTAINERS, { formPath: '/lab/receiving-container' }),
  'lab.container': ReceivingContainerPage,
  'lab.qr-codes': LabQrCodesPage,
  'lab.flashpoint-classes': entityScreen(FLASHPOINT_CLASSES),
};
