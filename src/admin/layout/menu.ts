/**
 * The sidebar's links and groups: the spec's "Layout shell" list, plus the Master Data group whose routes come
 * from the resource declarations. The shell's coming-soon routes are derived from it too.
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
import FlagIcon from '@mui/icons-material/Flag';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import LockIcon from '@mui/icons-material/Lock';
import LoginIcon from '@mui/icons-material/Login';
import MapIcon from '@mui/icons-material/Map';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PublicIcon from '@mui/icons-material/Public';
import SecurityIcon from '@mui/icons-material/Security';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WorkIcon from '@mui/icons-material/Work';
import { cities, countries, resources, states, type ResourceDeclaration } from '../../resources/index.ts';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: SvgIconComponent;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: SvgIconComponent;
  items: MenuEntry[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string, icon: SvgIconComponent): MenuLink => ({ kind: 'link', label, to, icon });
const group = (id: string, label: string, icon: SvgIconComponent, items: MenuEntry[]): MenuGroup => ({
  kind: 'group',
  id,
  label,
  icon,
  items,
});
const resourceLink = (resource: ResourceDeclaration, icon: SvgIconComponent): MenuLink =>
  link(resource.label.one, resource.routes?.list ?? `/${resource.name}`, icon);

export const MENU: MenuEntry[] = [
  link('Dashboard', '/', DashboardIcon),
  group('company', 'Company', BusinessIcon, [
    group('employee-management', 'Employee Management', BadgeIcon, [
      link('All Employees', '/employee', PeopleIcon),
      link('Department', '/department', ApartmentIcon),
      link('Designation', '/designation', WorkIcon),
      link('Role', '/employee-roles', AdminPanelSettingsIcon),
      link('Roles-Permission', '/role-permission', SecurityIcon),
      link('Activity Logs', '/activity-logs', HistoryIcon),
    ]),
    group('authentication', 'Authentication', LockIcon, [
      link('Login', '/login', LoginIcon),
      link('Register', '/register', PersonAddIcon),
    ]),
  ]),
  group('user', 'User', PersonIcon, [link('User List', '/user', GroupIcon)]),
  group('master-data', 'Master Data', PublicIcon, [
    resourceLink(countries, FlagIcon),
    resourceLink(states, MapIcon),
    resourceLink(cities, LocationCityIcon),
  ]),
  group('media', 'Media Table', NewspaperIcon, [
    link('News', '/media/news', NewspaperIcon),
    link('Events', '/media/events', EventIcon),
    link('Blog', '/media/blog', ArticleIcon),
  ]),
  group('gallery', 'Gallery', PhotoLibraryIcon, [
    link('Images', '/gallery/images', ImageIcon),
    link('Videos', '/gallery/videos', VideoLibraryIcon),
  ]),
  link('Donation', '/donation', VolunteerActivismIcon),
  link('Contact Us', '/contact-us', ContactMailIcon),
];

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
  const built = new Set<string>(['/', '/login', ...declared.flatMap((r) => (r.routes ? [r.routes.list] : []))]);
  return menuLinks().filter((entry) => !built.has(entry.to));
}
