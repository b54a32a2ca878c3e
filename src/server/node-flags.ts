/**
 * The Node options the server's process runs with. `npm start` gives them on its command line (package.json, checked
 * by node-flags.test.ts); the benches and the browser tests start the server with the same.
 *
 * `--max-semi-space-size=8`: V8's young generation grows to at most 2 × 8 MB, not the 2 × 32 MB it takes on a machine
 * with this much memory. The server's short-lived objects (a request, a page of rows) fit in it; what the larger one
 * added was resident memory, about 40 MB idle and 80 MB during an export, for no measurable speed
 * (docs/performance.md, "The idle server").
 *
 * `--import=./src/server/typescript-hooks.js` (a path from the project's folder, where they all start the server): our
 * TypeScript reaches Node stripped already, and the server's process never loads Node's own stripper (that file says
 * why).
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=8',
  '--import=./src/server/typescript-hooks.js',
];
