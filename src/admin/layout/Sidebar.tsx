/**
 * The collapsible sidebar: react-admin's Sidebar (drawer, open/closed state in the store), open by default,
 * closing on a click outside it when the window is 768px wide or narrower; a click outside also collapses the
 * menu's groups.
 */
import MenuIcon from '@mui/icons-material/Menu';
import { Box, IconButton } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  Sidebar as RaSidebar,
  useSidebarState,
  useStoreContext,
  type SidebarProps,
} from 'react-admin';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { MENU_WORDS } from './messages.ts';
import { MenuGroupsContext, type MenuGroups } from './menu-groups.ts';
import { useOutsideClick } from './use-outside-click.ts';

/** The spec's sidebar breakpoint: at this window width or narrower, a click outside closes the sidebar. */
export const NARROW_WIDTH = 768;
export const SIDEBAR_ID = 'app-sidebar';
const TOGGLE_SELECTOR = '[data-sidebar-toggle]';
const SIDEBAR_KEY = 'sidebar.open';

export const isNarrowWindow = (): boolean => window.innerWidth <= NARROW_WIDTH;

export function Sidebar({ children, ...props }: SidebarProps) {
  const menuWords = useWords(MENU_WORDS);
  const ref = useRef<HTMLElement>(null);
  const store = useStoreContext();
  const [open, setOpen] = useSidebarState();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set());

  // Open by default on every screen size (react-admin alone starts closed on phones).
  useEffect(() => {
    if (store.getItem(SIDEBAR_KEY) === undefined) store.setItem(SIDEBAR_KEY, true);
  }, [store]);

  useOutsideClick(
    ref,
    () => {
      setOpenGroups((groups) => (groups.size === 0 ? groups : new Set()));
      if (open && isNarrowWindow()) setOpen(false);
    },
    { ignore: TOGGLE_SELECTOR },
  );

  const groups = useMemo<MenuGroups>(
    () => ({
      isOpen: (id) => openGroups.has(id),
      toggle: (id) =>
        setOpenGroups((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [openGroups],
  );

  return (
    <MenuGroupsContext value={groups}>
      {/* On a phone the sidebar is a modal drawer (a dialog), which needs a name like any dialog. */}
      <RaSidebar {...props} slotProps={{ ...props.slotProps, paper: { 'aria-label': menuWords.mainMenu } }}>
        <Box
          ref={ref}
          component="nav"
          id={SIDEBAR_ID}
          aria-label={menuWords.mainMenu}
          sx={{ height: '100%', width: open ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH, overflowX: 'hidden' }}
        >
          {children}
        </Box>
      </RaSidebar>
    </MenuGroupsContext>
  );
}

/** The header's button that opens and closes the sidebar. */
export function SidebarToggle() {
  const [open, setOpen] = useSidebarState();
  const header = useWords(HEADER);
  return (
    <IconButton
      color="inherit"
      edge="start"
      aria-label={header.toggleSidebar}
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      data-sidebar-toggle=""
      onClick={() => setOpen(!open)}
    >
      <MenuIcon />
    </IconButton>
  );
}
