/**
 * The admin shell: react-admin's Layout with our header, sidebar and menu, and a footer under every page.
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppMenu } from './AppMenu.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SignOutFirstProvider } from './SignOutFirst.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The sidebar's Login asks before signing out, in one dialog above the sidebar and the header's page search.
    <SignOutFirstProvider>
      <RaLayout appBar={Header} sidebar={Sidebar} menu={AppMenu} appBarAlwaysOn>
        {/* minWidth 0: the page may be narrower than a wide table inside it, which then scrolls in its own box. */}
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>{children}</Box>
        <Footer />
      </RaLayout>
    </SignOutFirstProvider>
  );
}
