/**
 * Test harness of the generated screens (component tests only): the real react-admin `<Admin>` with the
 * generated resources and routes and the app's i18n, on the memory provider, inside a MemoryRouter, with a probe showing the
 * current location; optionally an auth provider (then /access-denied is the app's page).
 */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Admin, CustomRoutes, memoryStore, type AuthProvider, type DataProvider, type I18nProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18nProvider } from '../i18n.ts';
import { AccessDenied } from '../pages/AccessDenied.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import { appRoutes } from '../screens.ts';
import { generatedResources } from './routes.tsx';
import { demoData } from '../../resources/demo-data.ts';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderAdminOptions {
  dataProvider?: DataProvider;
  state?: unknown;
  /** Who is signed in and what they may do (tests/components/access-auth.ts); none: everything is allowed. */
  authProvider?: AuthProvider;
  /** Another language than the admin's English. */
  i18nProvider?: I18nProvider;
}

export function renderAdmin(path: string, options: RenderAdminOptions = {}) {
  const dataProvider = options.dataProvider ?? createMemoryProvider(demoData);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[{ pathname: path, state: options.state }]}>
      <Admin
        dataProvider={dataProvider}
        authProvider={options.authProvider}
        i18nProvider={options.i18nProvider ?? i18nProvider}
        store={memoryStore()}
        accessDenied={AccessDenied}
      >
        {generatedResources}
        <CustomRoutes>{appRoutes}</CustomRoutes>
      </Admin>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, dataProvider };
}
