/**
 * What App.tsx mounts for the declared resources:
 *
 * - `generatedResources`: a `<Resource>` for EVERY declared resource (name, record representation, label), so
 *   that reference fields, `useResourceContext` and the record representation work. No list/create/edit props:
 *   react-admin builds no routes of its own (`/countries`); the spec's routes are below.
 * - `generatedRoutes`: react-router routes for each resource that declares `routes`: its list, create, edit
 *   (`<edit>` with the item in navigation state, and `<edit>/:id`), show (likewise), and its aliases
 *   redirecting to their canonical route. Mount them inside a `<CustomRoutes>` that uses the layout.
 * - `routesFor(screens)`: the same, where an area's custom screens (src/admin/screens.ts finds them) replace
 *   generated ones by resource name and kind (DESIGN.md), on the same declared route; a custom edit or show
 *   screen answers `<edit>` and `<edit>/:id` and finds its record itself. Nothing here imports an area.
 *
 * Every route is guarded by the capability its kind needs (list and show: View, create: Add, edit: Edit): an
 * account without it sees the access-denied page instead, naming what is missing.
 */
import type { ComponentType, JSX, ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Resource, ResourceContextProvider } from 'react-admin';
import { resources, SINGLETON_ID, type ResourceDeclaration } from '../../resources/index.ts';
import type { Capability } from '../../resources/permissions.ts';
import { RequireAccess } from '../auth/RequireAccess.tsx';
import { targetOf } from '../auth/access.ts';
import { representationOf } from './declaration.ts';
import { GeneratedCreate, GeneratedEdit, GeneratedEditRoute, type ConfirmSave } from './form.tsx';
import { GeneratedList } from './list.tsx';
import { GeneratedShowRoute } from './show.tsx';
import type { RecordActions, RecordSection } from './record-actions.ts';

/** Screens that replace the generated ones of a resource, by kind. */
export interface CustomScreens {
  list?: ComponentType;
  create?: ComponentType;
  /** Mounted on `<edit>` (record in navigation state) and `<edit>/:id`. */
  edit?: ComponentType;
  /** Mounted on `<show>` (record in navigation state) and `<show>/:id`. */
  show?: ComponentType;
  /**
   * What an area adds to the generated screens without replacing them: buttons of one record beside the list
   * row's View, Edit and Delete (a donation's Download Receipt), and beside the show screen's Back and Edit (Cancel
   * a donation, Reply to a message). Each is given the record and decides for itself whom it shows to.
   */
  rowActions?: RecordActions;
  showActions?: RecordActions;
  /**
   * What an area adds to the generated show screen after the record's fields: sections of its own, each given the
   * record (drawn with layout/PageParts.tsx's Section).
   */
  showSections?: readonly RecordSection[];
  /** The screens the declaration names in `routes.screens`, by name; mounted on their path and `<path>/:id`. */
  screens?: Record<string, ComponentType>;
  /** Buttons of the whole list, beside its Add (the donations' Form 10BD). */
  listActions?: ComponentType;
  /**
   * Asked as Save is pressed on the generated create and edit forms (form.tsx, ConfirmSaveProps): a donation's
   * receipt under a registration that had expired waits for the person's acknowledgement.
   */
  confirmSave?: ConfirmSave;
}

/** Custom screens by resource name: what an area's `screens.ts` exports as `screens`. */
export type ScreenRegistry = Readonly<Record<string, CustomScreens>>;

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

/** The screen in its resource's context, shown only to accounts with `capability` on the resource. */
function inContext(resource: ResourceDeclaration, screen: ReactNode, capability: Capability = 'View'): JSX.Element {
  return (
    <ResourceContextProvider value={resource.name}>
      <RequireAccess target={targetOf(resource.name)!} capability={capability} area={resource.label.many}>
        {screen}
      </RequireAccess>
    </ResourceContextProvider>
  );
}

export function resourceRoutes(resource: ResourceDeclaration, custom: CustomScreens = {}): JSX.Element[] {
  const routes = resource.routes;
  if (!routes) return [];
  const key = (suffix: string) => `${resource.name}:${suffix}`;
  const { list: CustomList, create: CustomCreate, edit: CustomEdit } = custom;
  if (resource.singleton && !CustomList) {
    // One record: its page is its edit form.
    const screen = <GeneratedEdit resource={resource} id={SINGLETON_ID} />;
    return [<Route key={key('list')} path={routes.list} element={inContext(resource, screen)} />];
  }
  const list = CustomList ? (
    <CustomList />
  ) : (
    <GeneratedList resource={resource} rowActions={custom.rowActions} listActions={custom.listActions} />
  );
  const elements: JSX.Element[] = [<Route key={key('list')} path={routes.list} element={inContext(resource, list)} />];
  if (routes.create) {
    const create = CustomCreate ? (
      <CustomCreate />
    ) : (
      <GeneratedCreate resource={resource} confirmSave={custom.confirmSave} />
    );
    elements.push(<Route key={key('create')} path={routes.create} element={inContext(resource, create, 'Add')} />);
  }
  if (routes.edit) {
    const edit = inContext(
      resource,
      CustomEdit ? <CustomEdit /> : <GeneratedEditRoute resource={resource} confirmSave={custom.confirmSave} />,
      'Edit',
    );
    elements.push(<Route key={key('edit')} path={routes.edit} element={edit} />);
    elements.push(<Route key={key('edit-id')} path={`${routes.edit}/:id`} element={edit} />);
  }
  const { show: CustomShow } = custom;
  if (routes.show) {
    const show = inContext(
      resource,
      CustomShow ? (
        <CustomShow />
      ) : (
        <GeneratedShowRoute resource={resource} actions={custom.showActions} sections={custom.showSections} />
      ),
    );
    elements.push(<Route key={key('show')} path={routes.show} element={show} />);
    elements.push(<Route key={key('show-id')} path={`${routes.show}/:id`} element={show} />);
  }
  for (const [name, path] of Object.entries(routes.screens ?? {})) {
    const Screen = custom.screens?.[name];
    if (!Screen) continue;
    const screen = inContext(resource, <Screen />);
    elements.push(<Route key={key(`screen:${name}`)} path={path} element={screen} />);
    elements.push(<Route key={key(`screen:${name}-id`)} path={`${path}/:id`} element={screen} />);
  }
  const canonical = new Set(
    [routes.list, routes.create, routes.edit, routes.show].filter(Boolean).map((p) => normalisePath(p!)),
  );
  for (const [alias, target] of Object.entries(routes.aliases ?? {})) {
    // An alias that differs only by doubled slashes already lands on its route (react-router collapses them;
    // the server redirects the address itself). A route of its own would shadow the canonical one.
    if (canonical.has(normalisePath(alias))) continue;
    elements.push(<Route key={key(`alias:${alias}`)} path={alias} element={<Navigate to={target} replace />} />);
  }
  return elements;
}

export const generatedResources: JSX.Element[] = resources.map(resourceRegistration);

/** Every declared resource's routes, custom screens in place of generated ones where an area has them. */
export function routesFor(screens: ScreenRegistry): JSX.Element[] {
  for (const name of Object.keys(screens)) {
    if (!resources.some((resource) => resource.name === name))
      throw new Error(`Custom screens are registered for "${name}", which is not a declared resource.`);
  }
  return resources.flatMap((resource) => resourceRoutes(resource, screens[resource.name]));
}

/** Every declared resource's generated routes, no custom screen. */
export const generatedRoutes: JSX.Element[] = routesFor({});
