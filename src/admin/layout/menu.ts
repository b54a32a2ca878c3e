/**
 * The sidebar's links and groups: the spec's "Layout shell" list, plus the Master Data group whose routes come
 * from the resource declarations. The shell's coming-soon routes are derived from it too.
 *
 * Each link says who may open it: `permission` (its place in the matrix; View is needed) or `adminOnly`; a link
 * with neither is for anyone signed in. The sidebar and the page search show only what the account may open
 * (visibleMenu), and a group none of whose entries shows is hidden.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FlagIcon from '@mui/icons-material/Flag';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import LockIcon from '@mui/icons-material/Lock';
import LoginIcon from '@mui/icons-material/Login';
import MapIcon from '@mui/icons-material/Map';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PublicIcon from '@mui/icons-material/Public';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WorkIcon from '@mui/icons-material/Work';
import CampaignIcon from '@mui/icons-material/Campaign';
import DescriptionIcon from '@mui/icons-material/Description';
import LanguageIcon from '@mui/icons-material/Language';
import GroupsIcon from '@mui/icons-material/Groups';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import WebIcon from '@mui/icons-material/Web';
import {
  activities,
  departments,
  designations,
  employees,
  resources,
  rolePermissions,
  roles,
  users,
  type MenuGroupId,
  type MenuIcon,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import type { PermissionKey } from '../../resources/permissions.ts';
import { AUDIT, AUDIT_PERMISSION, AUDIT_ROUTES } from '../audit/messages.ts';
import { OUTBOX, OUTBOX_ROUTE } from '../outbox/messages.ts';
import { REGISTER_ROUTE } from '../register/messages.ts';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Where the screen sits in the permission matrix: shown to accounts that may View it. */
  permission?: PermissionKey;
  /** Shown to administrators only. */
  adminOnly?: boolean;
  /**
   * Opening it signs out first (the sidebar's Login: the menu shows only while signed in, so "Login" means signing
   * in again, perhaps as another account; the sign-in form never shows beside a live session).
   */
  signsOutFirst?: boolean;
}

/** Who may open a link: its place in the matrix, or admins only. */
export type MenuAccess = Pick<MenuLink, 'permission' | 'adminOnly'>;

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: SvgIconComponent;
  items: MenuEntry[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string, icon: SvgIconComponent, access: MenuAccess = {}): MenuLink => ({
  kind: 'link',
  label,
  to,
  icon,
  ...access,
});
/** A place in the matrix of an area that has no declared resource yet (events, blog, gallery, donations, contact). */
const place = (feature: string, subFeature: string): MenuAccess => ({ permission: { feature, subFeature } });
/** The place of a declared resource. */
const of = (resource: ResourceDeclaration): MenuAccess => ({ permission: resource.permission });
const group = (id: string, label: string, icon: SvgIconComponent, items: MenuEntry[]): MenuGroup => ({
  kind: 'group',
  id,
  label,
  icon,
  items,
});

/** The MUI icon of each icon name a declaration may give its menu entry. */
const ICONS: Record<MenuIcon, SvgIconComponent> = {
  article: ArticleIcon,
  campaign: CampaignIcon,
  description: DescriptionIcon,
  event: EventIcon,
  flag: FlagIcon,
  image: ImageIcon,
  language: LanguageIcon,
  location: LocationCityIcon,
  map: MapIcon,
  newspaper: NewspaperIcon,
  video: VideoLibraryIcon,
  settings: SettingsIcon,
  slideshow: SlideshowIcon,
  groups: GroupsIcon,
  schedule: ScheduleIcon,
};

/**
 * A group's entries: the declared resources that name the group in their `menu` (in the order of the registry),
 * each in the place of the spec's entry on the same route, if the spec lists one; the spec's entries of areas not
 * declared yet keep their places.
 */
export function groupEntries(group: MenuGroupId, planned: MenuLink[] = [], declared = resources): MenuLink[] {
  const links = declared.flatMap((resource) =>
    resource.menu?.group === group && resource.routes
      ? [link(resource.menu.label, resource.routes.list, ICONS[resource.menu.icon], of(resource))]
      : [],
  );
  const byRoute = new Map(links.map((l) => [l.to, l]));
  const placed = planned.map((l) => byRoute.get(l.to) ?? l);
  const rest = links.filter((l) => !planned.some((p) => p.to === l.to));
  return [...placed, ...rest];
}

/** Links of the declared resources whose menu entry names no group (the trust's settings), in the registry's order. */
export function topLevelEntries(declared = resources): MenuLink[] {
  return declared.flatMap((resource) =>
    resource.menu && !resource.menu.group && resource.routes
      ? [link(resource.menu.label, resource.routes.list, ICONS[resource.menu.icon], of(resource))]
      : [],
  );
}

export const MENU: MenuEntry[] = [
  link('Dashboard', '/', DashboardIcon, place('Dashboard', 'Dashboard')),
  group('company', 'Company', BusinessIcon, [
    group('employee-management', 'Employee Management', BadgeIcon, [
      link('All Employees', '/employee', PeopleIcon, of(employees)),
      link('Department', '/department', ApartmentIcon, of(departments)),
      link('Designation', '/designation', WorkIcon, of(designations)),
      link('Role', '/employee-roles', AdminPanelSettingsIcon, of(roles)),
      link('Roles-Permission', '/role-permission', SecurityIcon, of(rolePermissions)),
      link('Activity Logs', '/activity-logs', HistoryIcon, of(activities)),
      link(AUDIT.title, AUDIT_ROUTES.list, FactCheckIcon, { permission: AUDIT_PERMISSION }),
    ]),
    group('authentication', 'Authentication', LockIcon, [
      { ...link('Login', '/login', LoginIcon), signsOutFirst: true },
      link('Register', '/register', PersonAddIcon),
    ]),
  ]),
  group('user', 'User', PersonIcon, [link('User List', '/user', GroupIcon, of(users))]),
  group(
    'master-data',
    'Master Data',
    PublicIcon,
    groupEntries('master-data', [
      link('Country', '/master/country', FlagIcon, place('Master Data', 'Countries')),
      link('State', '/master/state', MapIcon, place('Master Data', 'States')),
      link('City', '/master/city', LocationCityIcon, place('Master Data', 'Cities')),
    ]),
  ),
  group(
    'media',
    'Media Table',
    NewspaperIcon,
    groupEntries('media', [
      link('News', '/media/news', NewspaperIcon, place('Media', 'News')),
      link('Events', '/media/events', EventIcon, place('Media', 'Events')),
      link('Blog', '/media/blog', ArticleIcon, place('Media', 'Blog')),
      link('Press Coverage', '/media/press-coverage', CampaignIcon, place('Media', 'Press Coverage')),
      link('Articles', '/media/articles', DescriptionIcon, place('Media', 'Articles')),
      link('Advertisement', '/media/advertisement', CampaignIcon, place('Media', 'Advertisements')),
      link('Online Coverages', '/media/online-coverages', LanguageIcon, place('Media', 'Online Coverages')),
    ]),
  ),
  group(
    'gallery',
    'Gallery',
    PhotoLibraryIcon,
    groupEntries('gallery', [
      link('Images', '/gallery/images', ImageIcon, place('Gallery', 'Images')),
      link('Videos', '/gallery/videos', VideoLibraryIcon, place('Gallery', 'Videos')),
    ]),
  ),
  // What the public website's home and about pages say (src/resources/website.ts): not in the spec's menu, which had
  // them hard-coded.
  group(
    'website',
    'Website',
    WebIcon,
    groupEntries('website', [
      link('Hero Slides', '/website/slides', SlideshowIcon, place('Website', 'Hero Slides')),
      link('Page Texts', '/website/texts', DescriptionIcon, place('Website', 'Page Texts')),
      link('Leaders', '/website/leaders', GroupsIcon, place('Website', 'Leaders')),
      link('Daily Routine', '/website/routine', ScheduleIcon, place('Website', 'Daily Routine')),
      link('Notices', '/website/notices', CampaignIcon, place('Website', 'Notices')),
    ]),
  ),
  link('Donation', '/donation', VolunteerActivismIcon, place('Donations', 'Donations')),
  link('Contact Us', '/contact-us', ContactMailIcon, place('Contact', 'Contact Messages')),
  ...topLevelEntries(),
  // The emails the server wrote (reset links), for administrators: not in the spec's menu, not in the matrix.
  link(OUTBOX.title, OUTBOX_ROUTE, OutboxIcon, { adminOnly: true }),
];

/**
 * The entries the account may open (`canOpen` decides a link), groups keeping only theirs; a group left with
 * none is dropped.
 */
export function visibleMenu(entries: MenuEntry[], canOpen: (link: MenuLink) => boolean): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return canOpen(entry) ? [entry] : [];
    const items = visibleMenu(entry.items, canOpen);
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

/** Every link of the menu, groups flattened, in menu order. */
export function menuLinks(entries: MenuEntry[] = MENU): MenuLink[] {
  return entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : menuLinks(entry.items)));
}

/**
 * Menu links whose screens are not built yet: not the dashboard or the login screen, and not a route that a
 * declared resource's generated screens answer. They show an honest "coming soon" page.
 */
export function comingSoonLinks(): MenuLink[] {
  const declared: readonly ResourceDeclaration[] = resources;
  const built = new Set<string>([
    '/',
    '/login',
    REGISTER_ROUTE,
    AUDIT_ROUTES.list,
    OUTBOX_ROUTE,
    ...declared.flatMap((r) => (r.routes ? [r.routes.list] : [])),
  ]);
  return menuLinks().filter((entry) => !built.has(entry.to));
}
