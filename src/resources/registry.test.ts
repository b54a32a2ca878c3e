/**
 * The registry names every file that declares a resource: a declaration it does not name is no resource at all (no
 * table, no routes, no screen, no Hindi asked for), and no test that reads the registry could notice it.
 */
import { describe, expect, it } from 'vitest';
import { resources } from './index.ts';

// The text of this folder's files (Vite's glob: src/resources reads no file system).
const SOURCES = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });

const named = [...SOURCES['./registry.ts']!.matchAll(/^export \* from '\.\/(.+)';$/gm)].map((match) => match[1]!);

describe('the registry', () => {
  it('names every file that declares a resource with defineResource', () => {
    const declaring = Object.entries(SOURCES)
      .filter(([path, text]) => path !== './define.ts' && /\bdefineResource\(/.test(text))
      .map(([path]) => path.slice(2));
    expect(declaring.length).toBeGreaterThan(0);
    expect(
      declaring
        .filter((file) => !named.includes(file))
        .map((file) => `src/resources/registry.ts: add export * from './${file}';`),
    ).toEqual([]);
  });

  it('names each file once, and gives each resource one name', () => {
    expect(new Set(named).size).toBe(named.length);
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
  });
});
