import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page shows the screen drawn at build time (prerender.tsx) and the script has not taken it over
 * yet, true once it has (and at once when the script draws the screen itself). A form's submit button waits for it:
 * sent before, the form would go to the server as a plain HTML form, which nothing answers.
 */
export function useScriptReady(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * What the person already put into the drawn form's field `id` (a text, or "on" for a ticked box) before the script
 * took the page over, to start the field's state from it: React sets a field to its state when it takes over, and a
 * state that started empty would wipe what was typed. Empty where nothing was drawn (the build, or a screen the
 * script draws itself).
 */
export function typedBeforeTakeover(id: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.getElementById(id);
  if (!field?.closest('[data-prerendered]')) return '';
  if (field instanceof HTMLInputElement && field.type === 'checkbox') return field.checked ? 'on' : '';
  return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
}
