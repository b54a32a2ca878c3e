/**
 * The top header: sidebar toggle, the Home / Documentation / FAQ anchors, the page title, search, the
 * notification bell, the contact-messages button and the profile menu. The bell shows every signed-in account its
 * own notifications; the messages button shows only to accounts that may view contact messages.
 */
import MailIcon from '@mui/icons-material/Mail';
import { AppBar, Box, IconButton, Link, Toolbar, type SxProps, type Theme } from '@mui/material';
import { LoadingIndicator, TitlePortal } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Allowed } from '../auth/RequireAccess.tsx';
import { useAccess } from '../auth/use-access.ts';
import { useWords } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { LanguageSwitch, LocaleFromSession } from './LanguageSwitch.tsx';
import { menuLinks } from './menu.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { PageSearch } from './PageSearch.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { SidebarToggle } from './Sidebar.tsx';

const ANCHORS = [
  { word: 'home', href: '#home' },
  { word: 'documentation', href: '#documentation' },
  { word: 'faq', href: '#faq' },
] as const;

/** The messages button opens the menu's Contact Us page, and follows its access. */
const CONTACT_US = menuLinks().find((link) => link.to === '/contact-us') ?? { adminOnly: true };

/**
 * On a phone (below 600 px) the bar must fit its width: the page's title in two lines of smaller type if need be,
 * and no refresh or messages button (the page reloads, and Contact Us is in the sidebar).
 */
const PHONE_TITLE: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    fontSize: '1rem',
    lineHeight: 1.2,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
  },
});
const NOT_ON_PHONE: SxProps<Theme> = (theme) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } });

export function Header() {
  const { can } = useAccess();
  const header = useWords(HEADER);
  return (
    <AppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <SidebarToggle />
        <Box component="nav" aria-label={header.quickLinks} sx={{ display: { xs: 'none', md: 'flex' }, gap: 2, mr: 2 }}>
          {ANCHORS.map((anchor) => (
            <Link key={anchor.href} href={anchor.href} color="inherit" underline="hover">
              {header[anchor.word]}
            </Link>
          ))}
        </Box>
        <TitlePortal sx={PHONE_TITLE} />
        <PageSearch />
        <LoadingIndicator sx={NOT_ON_PHONE} />
        <Allowed action="list" resource="notifications">
          <NotificationBell />
        </Allowed>
        {can(CONTACT_US) ? (
          <IconButton
            component={RouterLink}
            to="/contact-us"
            color="inherit"
            aria-label={header.messages}
            sx={NOT_ON_PHONE}
          >
            <MailIcon />
          </IconButton>
        ) : null}
        <LanguageSwitch color="inherit" />
        <LocaleFromSession />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
