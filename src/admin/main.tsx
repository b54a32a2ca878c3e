/**
 * The browser entry of the admin app (index.html loads it).
 *
 * What a phone downloads first is kept small (issue 13, "The first load"; figures in docs/performance.md): this
 * entry holds the sign-in screens (SignIn.tsx) and what they need; the back-office (App.tsx and every screen behind
 * it) is a script of its own, loaded once the person is past the sign-in screens: at once for any other address
 * (react-admin then checks the session and, signed out, shows its own sign-in page), or as the sign-in form is sent.
 *
 * The sign-in screens also come drawn in the HTML (prerender.tsx, at build time, in the language the browser chose
 * last): the form is on screen before any script has run, and the script takes it over (hydrates) rather than
 * drawing it again.
 */
import { hydrateRoot, createRoot } from 'react-dom/client';
import { startTransition, StrictMode } from 'react';
// Devanagari for Hindi words and names: the device's own font first, else the one from npm (fonts.css).
import './fonts.css';
import { BrowserRouter } from 'react-router-dom';
import { createAuthProvider, type AppAuthProvider } from './auth/authProvider.ts';
import { backOffice, FirstScreen } from './FirstScreen.tsx';
import { i18nProvider, prepareLocale } from './i18n.ts';
import { isSignInPath } from './SignIn.tsx';

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

// The language this browser chose last, before the first screen (nothing to wait for in English; if its words
// cannot be loaded, the screens speak English).
await prepareLocale().catch(() => undefined);

const app = (
  <StrictMode>
    {/* Real paths (/master/country), not react-admin's default hash router: the server answers deep links. */}
    <BrowserRouter>
      <FirstScreen authProvider={authProvider} loadBackOffice={loadBackOffice} />
    </BrowserRouter>
  </StrictMode>
);

// Transitions: React works in slices that leave the main thread free between them, instead of one long task (what
// Lighthouse counts as blocking time on a slow phone).
const drawn = container.dataset.prerendered;
if (authProvider && drawn === i18nProvider.getLocale() && isSignInPath(window.location.pathname)) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Nothing drawn, or drawn in the other language (the server's guess from its cookie was wrong): drawn anew.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
