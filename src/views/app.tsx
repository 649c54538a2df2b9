import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { MAX_NOTIFICATIONS } from '../domain/constants.ts';
import { forgetOpenModals } from './common/notify.tsx';
import { ApiErrorPresenter } from './shell/api-error-presenter.tsx';
import { LoadingOverlay } from './common/loading/loading-overlay.tsx';
import { ServicesContext, type Services } from './services.context.ts';
import { captureUncaught } from './shell/error-log/error-log.store.ts';
import { SIZE_SCALE } from './shell/preferences/ui-cookies.ts';
import { useUiSize } from './shell/preferences/ui-size.store.ts';
import { theme } from './theme.ts';

export interface AppProps {
  /** The seam: main.tsx passes the real ones, tests fakes. */
  services: Services;
  /** Over `routes`: a browser router in the page, a memory router in tests. */
  router: ReturnType<typeof createBrowserRouter>;
  /** Mantine's `test` env turns off transitions and portals for unit tests. */
  env?: 'default' | 'test';
}

/** Providers, the overlays every page shares, and the router. */
export function App({ services, router, env = 'default' }: AppProps) {
  const size = useUiSize();
  const scaled = useMemo(() => ({ ...theme, scale: SIZE_SCALE[size] }), [size]);
  // Errors no component caught land in the error log, on every page, login included.
  useEffect(() => captureUncaught(services.errorLog), [services.errorLog]);
  // Modals open when the app unmounts vanish without their onClose: forget them, or the same
  // message could never be shown again by the next app on the page.
  useEffect(() => forgetOpenModals, []);
  return (
    <MantineProvider theme={scaled} defaultColorScheme="light" env={env}>
      <ServicesContext value={services}>
        <ModalsProvider>
          {/* Bottom left: every drawer opens on the right with its actions at the top, so a
              notice never covers the buttons of the drawer that raised it. */}
          <Notifications limit={MAX_NOTIFICATIONS} position="bottom-left" />
          <ApiErrorPresenter />
          <RouterProvider router={router} />
          <LoadingOverlay />
        </ModalsProvider>
      </ServicesContext>
    </MantineProvider>
  );
}
