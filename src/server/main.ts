/**
 * The server's entry (`npm start` runs it through scripts/start.ts): the module hooks first, then the server
 * (serve.ts), whose imports are resolved only once the hooks are in place.
 */
import './typescript-hooks.js';
import './module-hooks.ts';

await import('./serve.ts');
