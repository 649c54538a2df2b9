import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes.tsx';
import { ServicesContext, type Services } from './services.context.ts';
import { theme } from './theme.ts';

/** Providers and router. `services` is the seam: main.tsx passes the real ones. */
export function App({ services }: { services: Services }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications limit={2} position="top-right" />
      <ServicesContext value={services}>
        <RouterProvider router={router} />
      </ServicesContext>
    </MantineProvider>
  );
}
