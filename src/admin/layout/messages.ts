/**
 * The sidebar's words: its groups by id and its hand-made links by route, in English and Hindi. A link of a declared
 * resource is named by the declaration (`resources.<name>.menu`, generator/messages.ts), so a new resource needs no
 * line here. `useMenuLabel` names any entry in the language chosen; menu.ts keeps the English, which tests read.
 */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { resources } from '../../resources/index.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';
import type { MenuEntry } from './menu.ts';

export const MENU_WORDS = defineWords('menu', {
  mainMenu: 'Main menu',
  groups: {
    company: 'Company',
    'employee-management': 'Employee Management',
    authentication: 'Authentication',
    user: 'User',
    'master-data': 'Master Data',
    media: 'Media Table',
    gallery: 'Gallery',
    website: 'Website',
  },
  links: {
    '/': 'Dashboard',
    '/employee': 'All Employees',
    '/department': 'Department',
    '/designation': 'Designation',
    '/employee-roles': 'Role',
    '/role-permission': 'Roles-Permission',
    '/activity-logs': 'Activity Logs',
    '/audit-logs': 'Audit Logs',
    '/login': 'Login',
    '/register': 'Register',
    '/user': 'User List',
    '/donation': 'Donation',
    '/contact-us': 'Contact Us',
    '/outbox': 'Outbox',
  },
} as const);

export const MENU_WORDS_HI = hindi(MENU_WORDS, {
  mainMenu: 'मुख्य मेनू',
  groups: {
    company: 'संस्था',
    'employee-management': 'कर्मचारी प्रबंधन',
    authentication: 'लॉग इन',
    user: 'उपयोगकर्ता',
    'master-data': 'मास्टर डेटा',
    media: 'मीडिया',
    gallery: 'गैलरी',
    website: 'वेबसाइट',
  },
  links: {
    '/': 'डैशबोर्ड',
    '/employee': 'सभी कर्मचारी',
    '/department': 'विभाग',
    '/designation': 'पद',
    '/employee-roles': 'भूमिका',
    '/role-permission': 'भूमिका अनुमतियाँ',
    '/activity-logs': 'गतिविधि लॉग',
    '/audit-logs': 'ऑडिट लॉग',
    '/login': 'लॉग इन',
    '/register': 'पंजीकरण',
    '/user': 'उपयोगकर्ता सूची',
    '/donation': 'दान',
    '/contact-us': 'संपर्क संदेश',
    '/outbox': 'आउटबॉक्स',
  },
});

/** The declared resource whose list a route is, if any. */
const declaredAt = new Map(
  resources.flatMap((resource) => (resource.menu && resource.routes ? [[resource.routes.list, resource.name]] : [])),
);

/** Names a menu entry in the language chosen (its English label when nothing says otherwise). */
export function useMenuLabel(): (entry: MenuEntry) => string {
  const translate = useTranslate();
  return useCallback(
    (entry: MenuEntry) => {
      if (entry.kind === 'group') return translate(`app.menu.groups.${entry.id}`, { _: entry.label });
      const resource = declaredAt.get(entry.to);
      if (resource) return translate(`resources.${resource}.menu`, { _: entry.label });
      return translate(`app.menu.links.${entry.to}`, { _: entry.label });
    },
    [translate],
  );
}

export const HEADER = defineWords('header', {
  toggleSidebar: 'Toggle sidebar',
  home: 'Home',
  documentation: 'Documentation',
  faq: 'FAQ',
  quickLinks: 'Quick links',
  search: 'Search',
  searchPages: 'Search pages',
  notifications: 'Notifications, %{count} unread',
  notificationsTitle: 'Notifications',
  viewMore: 'View More',
  messages: 'Contact messages',
  profile: 'Profile menu',
  myProfile: 'My Profile',
  editProfile: 'Edit Profile',
  logout: 'Logout',
  /** The sidebar's Login while signed in (layout/SignOutFirst.tsx). */
  signsOutFirst: 'Signs you out, then opens the sign-in form',
  /** What the sidebar's Login asks before signing out (layout/SignOutFirst.tsx). */
  signOutFirstTitle: 'Log in again?',
  signOutFirstText:
    'To open the login form you are logged out first, and any changes not saved on this page are lost. Logout now?',
} as const);

export const HEADER_HI = hindi(HEADER, {
  toggleSidebar: 'साइडबार खोलें या बंद करें',
  home: 'होम',
  documentation: 'दस्तावेज़',
  faq: 'सामान्य प्रश्न',
  quickLinks: 'त्वरित लिंक',
  search: 'खोजें',
  searchPages: 'पेज खोजें',
  notifications: 'सूचनाएँ, %{count} अपठित',
  notificationsTitle: 'सूचनाएँ',
  viewMore: 'और देखें',
  messages: 'संपर्क संदेश',
  profile: 'प्रोफ़ाइल मेनू',
  myProfile: 'मेरी प्रोफ़ाइल',
  editProfile: 'प्रोफ़ाइल संपादित करें',
  logout: 'लॉग आउट',
  signsOutFirst: 'पहले लॉग आउट करता है, फिर लॉग इन फ़ॉर्म खोलता है',
  signOutFirstTitle: 'फिर से लॉग इन करें?',
  signOutFirstText:
    'लॉग इन फ़ॉर्म खोलने से पहले आपको लॉग आउट किया जाएगा, और इस पेज के बिना सहेजे बदलाव खो जाएँगे। अभी लॉग आउट करें?',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [MENU_WORDS, MENU_WORDS_HI],
  [HEADER, HEADER_HI],
];
