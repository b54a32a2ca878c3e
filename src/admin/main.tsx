/** The browser entry of the admin app (index.html loads it). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, serverServices, type AppServices } from './App.tsx';

async function loadServices(): Promise<AppServices> {
  // Vite replaces the condition at build time, so the demo's code is left out of a production build.
  if (import.meta.env.VITE_DEMO === '1') return (await import('./demo.ts')).demoServices();
  return serverServices();
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

void loadServices().then((services) => {
  createRoot(container).render(
    <StrictMode>
      {/* Real paths (/master/country), not react-admin's default hash router: the server answers deep links. */}
      <BrowserRouter>
        <App services={services} />
      </BrowserRouter>
    </StrictMode>,
  );
});
