/**
 * Test harness of the generated screens (component tests only): the real react-admin `<Admin>` with the
 * generated resources and routes and the app's i18n, on the memory provider, inside a MemoryRouter, with a probe showing the
 * current location.
 */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Admin, CustomRoutes, memoryStore, type DataProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18nProvider } from '../i18n.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { generatedResources, generatedRoutes } from './routes.tsx';
import { demoData } from '../../resources/demo-data.ts';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderAdmin(path: string, options: { dataProvider?: DataProvider; state?: unknown } = {}) {
  const dataProvider = options.dataProvider ?? createMemoryProvider(demoData);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[{ pathname: path, state: options.state }]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        {generatedResources}
        <CustomRoutes>{generatedRoutes}</CustomRoutes>
      </Admin>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, dataProvider };
}
