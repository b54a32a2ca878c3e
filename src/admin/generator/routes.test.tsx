import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { countries, resources } from '../../resources/index.ts';
import { i18nProvider } from '../i18n.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { generatedResources, generatedRoutes, resourceRoutes } from './routes.tsx';
import { demoData } from '../../resources/demo-data.ts';

const pathsOf = (routes: ReactElement[]) => routes.map((route) => (route.props as { path: string }).path);

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('generated registrations and routes', () => {
  it('registers a Resource for every declared resource, with its record representation', () => {
    const registered = generatedResources.map(
      (element) => element.props as { name: string; recordRepresentation?: string; list?: unknown },
    );
    expect(registered.map((r) => r.name)).toEqual(resources.map((r) => r.name));
    expect(registered.find((r) => r.name === 'countries')?.recordRepresentation).toBe('name');
    expect(registered.find((r) => r.name === 'departments')?.recordRepresentation).toBe('department_name');
    expect(registered.every((r) => r.list === undefined)).toBe(true);
  });

  it("routes the spec's master-data paths, with and without an id on edit", () => {
    const paths = pathsOf(generatedRoutes);
    for (const path of [
      '/master/country',
      '/master/country/add',
      '/master/country/edit',
      '/master/country/edit/:id',
      '/master/state',
      '/master/state/add',
      '/master/state/edit',
      '/master/city',
      '/master/city/add',
      '/master/city/edit/:id',
      '/notifications',
    ]) {
      expect(paths).toContain(path);
    }
    // The doubled-slash alias collapses onto /master/country/add in react-router; the server redirects it.
    expect(paths).not.toContain('//master/country/add');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('redirects an alias to its canonical route', async () => {
    const declaration = {
      ...countries,
      routes: { ...countries.routes, aliases: { '/master/countries/new': '/master/country/add' } },
    };
    render(
      <MemoryRouter initialEntries={['/master/countries/new']}>
        <Admin dataProvider={createMemoryProvider(demoData)} store={memoryStore()} i18nProvider={i18nProvider}>
          {generatedResources}
          <CustomRoutes>{resourceRoutes(declaration)}</CustomRoutes>
        </Admin>
        <LocationProbe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/master\/country\/add$/));
    expect(await screen.findByRole('textbox', { name: 'Country Name' })).toBeInTheDocument();
  });

  it('gives a list without create or edit routes no Add or Edit buttons (notifications)', async () => {
    render(
      <MemoryRouter initialEntries={['/notifications']}>
        <Admin dataProvider={createMemoryProvider(demoData)} store={memoryStore()} i18nProvider={i18nProvider}>
          {generatedResources}
          <CustomRoutes>{generatedRoutes}</CustomRoutes>
        </Admin>
      </MemoryRouter>,
    );
    expect(await screen.findByText('The monthly donation report was emailed.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(3);
    expect(screen.getByPlaceholderText('Search notifications')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Read' })).toBeInTheDocument();
  });
});
