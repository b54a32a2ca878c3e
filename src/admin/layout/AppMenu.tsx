/**
 * The sidebar's menu, drawn from menu.ts: links and expandable groups. When the sidebar is closed only the icons
 * show, each named by its label. Only the entries the account may open show (useVisibleMenu).
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useCallback, useMemo, type MouseEvent } from 'react';
import { useSidebarState } from 'react-admin';
import { NavLink } from 'react-router-dom';
import { useAccess } from '../auth/use-access.ts';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { useMenuLabel } from './messages.ts';
import { MENU, visibleMenu, type MenuEntry, type MenuGroup, type MenuLink } from './menu.ts';
import { useMenuGroups } from './menu-groups.ts';
import { useAskToSignOut } from './SignOutFirst.tsx';
import { isNarrowWindow } from './Sidebar.tsx';

const indent = (open: boolean, depth: number) => ({ pl: open ? 2 + depth * 2 : 2 });

/**
 * Opens a menu link: a link that signs out first (the sidebar's Login) asks whether to end the session, then goes to
 * its page (SignOutFirst.tsx); the others are plain links. Answers whether it took the link over.
 */
export function useOpenMenuLink(): (entry: MenuLink) => boolean {
  const askToSignOut = useAskToSignOut();
  return useCallback(
    (entry: MenuLink) => {
      if (!entry.signsOutFirst) return false;
      askToSignOut(entry.to);
      return true;
    },
    [askToSignOut],
  );
}

function LinkItem({ entry, depth }: { entry: MenuLink; depth: number }) {
  const [open, setOpen] = useSidebarState();
  const openLink = useOpenMenuLink();
  const header = useWords(HEADER);
  const label = useMenuLabel()(entry);
  const Icon = entry.icon;
  return (
    <li>
      {/* Closed, the tooltip names the icon; open, it only describes what Login does (the name stays the label). */}
      <Tooltip
        title={open ? (entry.signsOutFirst ? header.signsOutFirst : '') : label}
        describeChild={open}
        placement="right"
      >
        <ListItemButton
          component={NavLink}
          to={entry.to}
          end={entry.to === '/'}
          onClick={(event: MouseEvent) => {
            if (openLink(entry)) event.preventDefault();
            // On a narrow window the sidebar covers the page: close it once the user has chosen.
            if (isNarrowWindow()) setOpen(false);
          }}
          sx={{ ...indent(open, depth), '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          {open && <ListItemText primary={label} />}
        </ListItemButton>
      </Tooltip>
    </li>
  );
}

function GroupItem({ entry, depth }: { entry: MenuGroup; depth: number }) {
  const [open] = useSidebarState();
  const groups = useMenuGroups();
  const expanded = groups.isOpen(entry.id);
  const Icon = entry.icon;
  const listId = `menu-group-${entry.id}`;
  const label = useMenuLabel()(entry);
  return (
    <li>
      <Tooltip title={open ? '' : label} placement="right">
        <ListItemButton
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => groups.toggle(entry.id)}
          sx={indent(open, depth)}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          {open && <ListItemText primary={label} />}
          {open && (expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
        </ListItemButton>
      </Tooltip>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding dense>
          {entry.items.map((item) => (
            <Entry key={item.kind === 'link' ? item.to : item.id} entry={item} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

function Entry({ entry, depth }: { entry: MenuEntry; depth: number }) {
  return entry.kind === 'link' ? <LinkItem entry={entry} depth={depth} /> : <GroupItem entry={entry} depth={depth} />;
}

/** The menu as the signed-in account may see it (links needing a permission wait for the session). */
export function useVisibleMenu(): MenuEntry[] {
  const { can } = useAccess();
  return useMemo(() => visibleMenu(MENU, (link) => can(link)), [can]);
}

export function AppMenu() {
  const menu = useVisibleMenu();
  return (
    <List dense sx={{ py: 1 }}>
      {menu.map((entry) => (
        <Entry key={entry.kind === 'link' ? entry.to : entry.id} entry={entry} depth={0} />
      ))}
    </List>
  );
}
