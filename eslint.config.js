// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries: src/resources is shared and imports neither side; the server and the admin never meet. */
const boundary = (files, forbidden, why) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((group) => ({ group: Array.isArray(group) ? group : [group], message: why })) },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'drizzle/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}', 'public-site/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary(
    ['src/resources/**'],
    ['**/server/**', '**/admin/**', '**/public-site/**', 'react*', '@mui/*', 'fastify*', 'drizzle-orm*', 'node:*'],
    'src/resources is shared by the server and the browser: it imports neither.',
  ),
  boundary(
    ['src/server/**'],
    ['**/admin/**', '**/public-site/**'],
    'The server never imports the admin, and the public site only through routes/web/site.ts.',
  ),
  // The one door from the server into the public site, which it renders: its pages, document and contract.
  boundary(['src/server/routes/web/site.ts'], ['**/admin/**'], 'The server never imports the admin.'),
  boundary(
    ['src/admin/**'],
    // Emotion's server is a library (prerender.tsx draws the sign-in screens with it at build time), not ours.
    [['**/server/**', '!@emotion/server/**'], '**/public-site/**', 'node:*'],
    'The admin talks to the server over HTTP only.',
  ),
  boundary(
    ['public-site/**'],
    ['**/server/**', '**/admin/**'],
    'The public site imports only src/resources and its own files.',
  ),
);
