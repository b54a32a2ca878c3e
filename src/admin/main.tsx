/**
 * The browser entry of the admin app (index.html loads it).
 *
 * What a phone downloads first is kept small (docs/decisions.md, "The sign-in screens load without the back-office; the
 * build's files are compressed once"; figures in docs/performance.md, "The admin's first load"). `/login` opened
 * directly comes drawn in its HTML (scripts/vite-prerender.ts) and is taken over by this entry with React and the login
 * form alone (auth/DrawnLogin.tsx): no react-admin, no MUI. Everything else starts in start.tsx, a script of its own:
 * the back-office, and react-admin's sign-in screens (its login page, Forgot Password, Reset Password), loaded at once
 * for any other address, or by the drawn login page as the person fills it in.
 */
import { hydrateRoot, type Root } from 'react-dom/client';
import { startTransition, StrictMode } from 'react';
// Devanagari for Hindi words and names: the device's own font first, else the one from npm (fonts.css).
import './fonts.css';
import { DrawnLogin, drawnLoginWords } from './auth/DrawnLogin.tsx';
import { chooseLocale, storedLocale } from './i18n/chosen-locale.ts';
import { isLocale } from './i18n/locales.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

const start = () => import('./start.tsx');
const words = import.meta.env.VITE_DEMO === '1' ? undefined : drawnLoginWords();
const drawn = container.dataset.prerendered;

if (words && isLocale(drawn)) {
  // The page's language is the one the server drew (its cookie); the back-office will speak it too.
  if (storedLocale() !== drawn) chooseLocale(drawn);
  let root: Root | undefined;
  // Signed in: the back-office takes this page over; should its script fail to come, the back-office's home is
  // loaded as a page of its own (the session is there either way).
  const enter = () =>
    start()
      .then(({ startBackOffice }) => root && startBackOffice(root))
      .catch(() => location.assign('/'));
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <DrawnLogin
          words={words}
          locale={drawn}
          preload={() => void start().catch(() => undefined)}
          onSignedIn={() => void enter()}
        />
      </StrictMode>,
    );
  });
} else {
  await (await start()).startBackOffice(container);
}
