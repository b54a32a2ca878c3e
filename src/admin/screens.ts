/**
 * The custom screens of every area, found by file name: an area registers its screens by exporting `screens`
 * (resource name → screens by kind) from its own `screens.ts`, beside the screens themselves. Nothing lists the
 * areas; the generated routes (generator/routes.tsx) mount what is found in place of generated screens.
 */
import { routesFor, type ScreenRegistry } from './generator/routes.tsx';

const areas = import.meta.glob<{ screens: ScreenRegistry }>('./*/screens.ts', { eager: true });

function merged(registries: ScreenRegistry[]): ScreenRegistry {
  const all: Record<string, ScreenRegistry[string]> = {};
  for (const registry of registries) {
    for (const [name, screens] of Object.entries(registry)) {
      if (name in all) throw new Error(`Two areas register custom screens for "${name}".`);
      all[name] = screens;
    }
  }
  return all;
}

export const customScreens: ScreenRegistry = merged(Object.values(areas).map((area) => area.screens));

/** Every declared resource's routes, with the areas' custom screens. */
export const appRoutes = routesFor(customScreens);
