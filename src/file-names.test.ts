/**
 * One file-naming rule per kind of module, over every TypeScript file git tracks:
 * - a module (`.ts`) is named in kebab-case: `record-lists.ts`, `react-admin.hi.ts`, `vite.config.ts`; so is its
 *   test (`auth-provider.test.ts`), unless it tests a component's module beside it (`DrawnLogin.test.ts`);
 * - a React module (`.tsx`) is named in PascalCase for the components it exports (`EmployeeForm.tsx`,
 *   `UserForms.tsx`), or in kebab-case for what it holds when that is not a component of its own (a route table, an
 *   entry, a page set of the website, the generator's parts: `routes.tsx`, `import-menu.tsx`); its test likewise
 *   (`UserScreens.test.tsx` tests an area's screens).
 * No camelCase file names: `timeAgo.ts` is `time-ago.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/** What is wrong with a file's name, or undefined. */
function problemOf(path: string): string | undefined {
  const file = basename(path);
  const extension = file.endsWith('.tsx') ? '.tsx' : '.ts';
  const stem = file.slice(0, -extension.length);
  const test = stem.endsWith('.test');
  const name = test ? stem.slice(0, -'.test'.length) : stem;
  if (KEBAB.test(name)) return undefined;
  if (!PASCAL.test(name.split('.')[0]!))
    return `${path}: ${extension === '.tsx' ? 'PascalCase for its components, or kebab-case' : 'kebab-case'}`;
  if (extension === '.tsx' && test) return undefined;
  if (extension === '.tsx') {
    const text = readFileSync(join(ROOT, path), 'utf8');
    if (/export (default )?(function|const|class) [A-Z]/.test(text)) return undefined;
    return `${path}: a PascalCase name is for a module of components, and it exports none`;
  }
  // A .ts test of a component's module beside it.
  if (test && existsSync(join(ROOT, dirname(path), `${name.split('.')[0]}.tsx`))) return undefined;
  return `${path}: kebab-case`;
}

describe('file names', () => {
  it('follow the rule of their kind', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && !file.startsWith('node_modules/') && !file.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(300);
    expect(files.map(problemOf).filter(Boolean)).toEqual([]);
  });

  it('catches what it must', () => {
    expect(problemOf('src/admin/layout/timeAgo.ts')).toMatch(/kebab-case/);
    expect(problemOf('src/admin/dashboard/DashboardSource.ts')).toMatch(/kebab-case/);
    expect(problemOf('tests/components/renderWithAdmin.tsx')).toMatch(/PascalCase for its components, or kebab-case/);
    expect(problemOf('src/admin/layout/visually-hidden.ts')).toBeUndefined();
    expect(problemOf('src/server/services/record-lists.ts')).toBeUndefined();
    expect(problemOf('src/admin/i18n/react-admin.hi.ts')).toBeUndefined();
    expect(problemOf('src/admin/employees/EmployeeForm.tsx')).toBeUndefined();
    expect(problemOf('src/admin/auth/DrawnLogin.test.ts')).toBeUndefined();
    expect(problemOf('src/admin/generator/import-menu.tsx')).toBeUndefined();
    expect(problemOf('src/admin/App.test.tsx')).toBeUndefined();
  });
});
