import { createContext, useContext } from 'react';

/** Which sidebar groups are expanded. The sidebar owns it, so that a click outside it can collapse them all. */
export interface MenuGroups {
  isOpen: (id: string) => boolean;
  toggle: (id: string) => void;
}

export const MenuGroupsContext = createContext<MenuGroups | null>(null);

export function useMenuGroups(): MenuGroups {
  const groups = useContext(MenuGroupsContext);
  if (!groups) throw new Error('useMenuGroups must be used inside the Sidebar.');
  return groups;
}
