/**
 * What App.tsx mounts for the declared resources:
 *
 * - `generatedResources`: a `<Resource>` for EVERY declared resource (name, record representation, label), so
 *   that reference fields, `useResourceContext` and the record representation work. No list/create/edit props:
 *   react-admin builds no routes of its own (`/countries`); the spec's routes are below.
 * - `generatedRoutes`: react-router routes for each resource that declares `routes`: its list, create, edit
 *   (`<edit>` with the item in navigation state, and `<edit>/:id`), and its aliases redirecting to their
 *   canonical route. Mount them inside a `<CustomRoutes>` that uses the layout.
 */
import type { JSX, ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Resource, ResourceContextProvider } from 'react-admin';
import { resources, type ResourceDeclaration } from '../../resources/index.ts';
import { representationOf } from './declaration.ts';
import { GeneratedCreate, GeneratedEditRoute } from './form.tsx';
import { GeneratedList } from './list.tsx';

export function resourceRegistration(resource: ResourceDeclaration): JSX.Element {
  return (
    <Resource
      key={resource.name}
      name={resource.name}
      recordRepresentation={representationOf(resource)}
      options={{ label: resource.label.many }}
    />
  );
}

/** react-router collapses repeated slashes in route paths, so `//a` and `/a` are the same route to it. */
export const normalisePath = (path: string) => path.replace(/\/{2,}/g, '/');

function inContext(resource: ResourceDeclaration, screen: ReactNode): JSX.Element {
  return <ResourceContextProvider value={resource.name}>{screen}</ResourceContextProvider>;
}

export function resourceRoutes(resource: ResourceDeclaration): JSX.Element[] {
  const routes = resource.routes;
  if (!routes) return [];
  const key = (suffix: string) => `${resource.name}:${suffix}`;
  const elements: JSX.Element[] = [
    <Route key={key('list')} path={routes.list} element={inContext(resource, <GeneratedList resource={resource} />)} />,
  ];
  if (routes.create) {
    elements.push(
      <Route
        key={key('create')}
        path={routes.create}
        element={inContext(resource, <GeneratedCreate resource={resource} />)}
      />,
    );
  }
  if (routes.edit) {
    const edit = inContext(resource, <GeneratedEditRoute resource={resource} />);
    elements.push(<Route key={key('edit')} path={routes.edit} element={edit} />);
    elements.push(<Route key={key('edit-id')} path={`${routes.edit}/:id`} element={edit} />);
  }
  const canonical = new Set([routes.list, routes.create, routes.edit].filter(Boolean).map((p) => normalisePath(p!)));
  for (const [alias, target] of Object.entries(routes.aliases ?? {})) {
    // An alias that differs only by doubled slashes already lands on its route (react-router collapses them;
    // the server redirects the address itself). A route of its own would shadow the canonical one.
    if (canonical.has(normalisePath(alias))) continue;
    elements.push(<Route key={key(`alias:${alias}`)} path={alias} element={<Navigate to={target} replace />} />);
  }
  return elements;
}

export const generatedResources: JSX.Element[] = resources.map(resourceRegistration);

export const generatedRoutes: JSX.Element[] = resources.flatMap(resourceRoutes);
