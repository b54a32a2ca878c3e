/**
 * The first screen of react-admin's side of the app: the sign-in screens (SignIn.tsx) on their paths, the back-office
 * (App.tsx, a script of its own) anywhere else. start.tsx draws it in the browser; prerender.tsx draws Forgot Password
 * at build time into the HTML the server sends, which the browser then takes over (hydrates) instead of drawing
 * again. Both must draw the same tree, which is why it lives here. (`/login` opened directly is drawn without it:
 * auth/DrawnLogin.tsx.)
 */
import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import type { AppServices } from './App.tsx';
import type { AppAuthProvider } from './auth/auth-provider.ts';
import { wordsNow } from './i18n/words.ts';
import { SHELL } from './messages.ts';
import { isSignInPath, SignIn } from './SignIn.tsx';
import { PRIMARY } from './theme.ts';

export type LoadBackOffice = () => Promise<{ default: ComponentType }>;

/** The back-office with its services, loaded once; `authProvider` is the sign-in screens' own (its session). */
export function backOffice(authProvider: AppAuthProvider | undefined): LoadBackOffice {
  let loading: Promise<{ default: ComponentType }> | undefined;
  return () =>
    (loading ??= (async () => {
      const { App, serverServices, backOfficeWordsReady } = await import('./App.tsx');
      // The declarations' words are in the catalogue before the first screen of the back-office is drawn.
      await backOfficeWordsReady;
      // Vite replaces the condition at build time, so the demo's code is left out of a production build.
      const services: AppServices =
        import.meta.env.VITE_DEMO === '1' ? (await import('./demo.ts')).demoServices() : serverServices(authProvider);
      return { default: () => <App services={services} /> };
    })());
}

/** While the back-office's script arrives (an address other than the sign-in screens, opened directly). */
function Loading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {/* No react-admin context here yet: the language chosen comes from i18n.ts (prepareLocale, before render). */}
      <CircularProgress aria-label={wordsNow(SHELL).loading} sx={{ color: PRIMARY }} />
    </Box>
  );
}

function Root({
  authProvider,
  loadBackOffice,
}: {
  authProvider: AppAuthProvider | undefined;
  loadBackOffice: LoadBackOffice;
}) {
  const { pathname } = useLocation();
  const [BackOffice] = useState(() => lazy(loadBackOffice));
  // Once past the sign-in screens, the back-office stays (signing out shows react-admin's own sign-in page).
  const [entered, setEntered] = useState(() => !authProvider || !isSignInPath(pathname));
  if (!entered && !isSignInPath(pathname)) setEntered(true);
  if (entered || !authProvider) return <BackOffice />;
  return <SignIn authProvider={authProvider} />;
}

/** Inside a router: the browser's (main.tsx) or a static one for a path (prerender.tsx). */
export function FirstScreen(props: { authProvider: AppAuthProvider | undefined; loadBackOffice: LoadBackOffice }) {
  return (
    // One boundary above both: going from the sign-in form to the back-office (a transition) keeps the form on
    // screen until the back-office's script has come, instead of a blank page in between.
    <Suspense fallback={<Loading />}>
      <Root {...props} />
    </Suspense>
  );
}
