/**
 * Set-up of the component tests (jsdom): jest-dom matchers, a clean DOM and storage after each test, and the
 * browser APIs jsdom lacks that MUI, react-admin and recharts use (matchMedia, ResizeObserver, scrollTo).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s rather than 1 s: the whole suite shares two CPUs with the server and browser
// tests, and a screen that renders in 100 ms alone can take over a second then.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** Media queries answer as on a desktop screen; tests that need a narrow window set window.innerWidth. */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (typeof window.ResizeObserver === 'undefined') {
  class ResizeObserverShim {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver = ResizeObserverShim as unknown as typeof ResizeObserver;
}

window.scrollTo = () => {};
