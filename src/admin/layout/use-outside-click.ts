import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Calls `onOutside` on a click anywhere outside `ref`'s element, except on elements matching `ignore` (such as
 * the button that toggles the element itself).
 */
export function useOutsideClick(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  options: { enabled?: boolean; ignore?: string } = {},
): void {
  const { enabled = true, ignore } = options;
  const handleOutside = useEffectEvent(onOutside);

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (ref.current?.contains(target)) return;
      if (ignore && target.closest(ignore)) return;
      handleOutside();
    };
    document.addEventListener('click', listener);
    return () => document.removeEventListener('click', listener);
  }, [ref, enabled, ignore]);
}
