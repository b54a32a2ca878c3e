/**
 * Renders a piece of the admin inside react-admin's contexts (auth and data providers, an in-memory store, the
 * app's i18n) and a MemoryRouter, with a probe that shows the current location.
 */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '../../src/admin/i18n.ts';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** A data provider that answers every list with nothing; tests override the methods they need. */
export function emptyDataProvider(overrides: Partial<DataProvider> = {}): DataProvider {
  const none = () => Promise.reject(new Error('Not used by this test.'));
  return {
    getList: async () => ({ data: [], total: 0 }),
    getOne: none,
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: none,
    update: none,
    updateMany: none,
    delete: none,
    deleteMany: none,
    ...overrides,
  };
}

export interface RenderOptions {
  path?: string;
  /** The route pattern the screen is mounted on (`/outbox/:id`), when it is not `path` itself. */
  route?: string;
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  /** Other routes, to see where a screen navigates. */
  routes?: Record<string, ReactElement>;
}

export function renderWithAdmin(ui: ReactElement, options: RenderOptions = {}) {
  const user = userEvent.setup();
  const path = options.path ?? '/';
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={options.authProvider}
        dataProvider={options.dataProvider ?? emptyDataProvider()}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <Routes>
          {/* By default the route is the path without its query string (`/reset-password?token=…`). */}
          <Route path={options.route ?? path.split('?')[0]} element={ui} />
          {Object.entries(options.routes ?? {}).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, user, location: () => view.getByTestId('location').textContent };
}
