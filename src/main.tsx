import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './views/theme-contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './views/app.tsx';
import { routerOptions, routes } from './views/routes.tsx';
import { createBrowserServices } from './views/services.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App services={createBrowserServices()} router={createBrowserRouter(routes, routerOptions())} />
  </StrictMode>,
);
