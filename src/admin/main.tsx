/**
 * The browser entry of the admin app (index.html loads it).
 *
 * What a phone downloads first is kept small (issue 13, "The first load"; figures in docs/performance.md): this
 * entry holds the sign-in screens (SignIn.tsx) and what they need; the back-office (App.tsx and every screen behind
 * it) is a script of its own, loaded once the person is past the sign-in screens: at once for any other address
 * (react-admin then checks the session and, signed out, shows its own sign-in page), or as the sign-in form is sent.
 */
import { Box, CircularProgress } from '@mui/material';
import { lazy, startTransition, StrictMode, Suspense, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
// Devanagari for Hindi words and names: the device's own font first, else the one from npm (fonts.css).
import './fonts.css';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { AppServices } from './App.tsx';
import { createAuthProvider, type AppAuthProvider } from './auth/authProvider.ts';
import { prepareLocale } from './i18n.ts';
import { wordsNow } from './i18n/words.ts';
import { SHELL } from './messages.ts';
import { isSignInPath, SignIn } from './SignIn.tsx';
import { PRIMARY } from './theme.ts';

/** The back-office with its services, loaded once; `authProvider` is the sign-in screens' own (its session). */
function backOffice(authProvider: AppAuthProvider | undefined): () => Promise<{ default: ComponentType }> {
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
  loadBackOffice: () => Promise<{ default: ComponentType }>;
}) {
  const { pathname } = useLocation();
  const [BackOffice] = useState(() => lazy(loadBackOffice));
  // Once past the sign-in screens, the back-office stays (signing out shows react-admin's own sign-in page).
  const [entered, setEntered] = useState(() => !authProvider || !isSignInPath(pathname));
  if (!entered && !isSignInPath(pathname)) setEntered(true);
  if (entered || !authProvider) return <BackOffice />;
  return <SignIn authProvider={authProvider} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The demo mode signs in with its own auth provider, in the back-office itself.
const signInProvider = import.meta.env.VITE_DEMO === '1' ? undefined : createAuthProvider();
const loadBackOffice = backOffice(signInProvider);
const authProvider: AppAuthProvider | undefined = signInProvider && {
  ...signInProvider,
  // The back-office's script comes while the server checks the password.
  login(params) {
    void loadBackOffice();
    return signInProvider.login(params);
  },
};

const root = createRoot(container);
// The language this browser chose last, before the first screen (nothing to wait for in English; if its words
// cannot be loaded, the screens speak English).
await prepareLocale().catch(() => undefined);
// A transition: React renders the first screen in slices that leave the main thread free between them, instead of
// one long task (what Lighthouse counts as blocking time on a slow phone).
startTransition(() =>
  root.render(
    <StrictMode>
      {/* Real paths (/master/country), not react-admin's default hash router: the server answers deep links. */}
      <BrowserRouter>
        {/* One boundary above both: going from the sign-in form to the back-office (a transition) keeps the form on
          screen until the back-office's script has come, instead of a blank page in between. */}
        <Suspense fallback={<Loading />}>
          <Root authProvider={authProvider} loadBackOffice={loadBackOffice} />
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  ),
);
