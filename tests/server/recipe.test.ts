// engines: pglite — the README's recipe, followed in a copy of the project; its server tests run once, here too
/**
 * The README's "Adding a resource" is the truth: its example files, written as they are into a copy of the project
 * (the files git tracks or would track, node_modules linked), and its command (`npm run db:generate`), then the
 * typecheck, the format and lint of the new files, and the tests that read the registries, in English and Hindi,
 * pass there. Then a missing step fails with a sentence that names the file and the line or key to add.
 *
 * Which tests run in the copy, and why those: the ones whose subject is every declared resource, so that a new one
 * is tested without a line written for it — and no others, to keep this file to about two minutes on CI's two cores.
 * - unit (REGISTRY_UNIT): the registry itself, the permission catalogue and the table's words, access by a
 *   resource's place, the menu, validation, and both catalogues: the English and Hindi words (catalogues.test.ts)
 *   and each resource's Hindi by file (hi/resources.test.ts).
 * - components (REGISTRY_COMPONENTS): the sidebar as rendered, the generated Resources and routes, and the English
 *   words of every declared field.
 * - server (REGISTRY_SERVER, only the tests named for the new resource, `-t <name>`): its table from its migration,
 *   its writes, lists, files and permission on /api/v2, its audit entries, its export and its import.
 * Tests of one resource by name and of screens written by hand depend on no new resource. Left out for their cost:
 * src/server/patterns-linear.test.ts (a declared pattern runs in linear time: 15 s of CPU, and a search of the whole
 * code that times out when the copy's typecheck shares the cores), and the browser's sweep of every sidebar link
 * (tests/e2e/sweep.test.ts, which needs a build); the full suite runs both on the real tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REGISTRY_UNIT = [
  'src/resources/registry.test.ts',
  'src/resources/permissions.test.ts',
  'src/resources/validation.test.ts',
  'src/admin/auth/access.test.ts',
  'src/admin/employees/messages.test.ts',
  'src/admin/layout/menu.test.ts',
  'src/admin/i18n/catalogues.test.ts',
  'src/admin/i18n/hi/resources.test.ts',
];
const REGISTRY_COMPONENTS = [
  'src/admin/layout/Sidebar.test.tsx',
  'src/admin/generator/routes.test.tsx',
  'src/admin/generator/messages.test.tsx',
];
const REGISTRY_SERVER = [
  'tests/server/declared-resources.test.ts',
  'tests/server/audit-logs.test.ts',
  'tests/server/exports.test.ts',
  'tests/server/imports.test.ts',
];

interface Step {
  /** The files a block names on its first line (`// src/resources/registry.ts and src/resources/hindi/registry.ts`). */
  paths: string[];
  /** The block's other lines: a new file's text, or the lines added to a file that exists. */
  text: string;
}

/** The README's section: its example files and its commands, in order. */
function recipeOf(readme: string): { files: Step[]; commands: string[] } {
  const section = /\n## Adding a resource\n([\s\S]*?)\n## /.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Adding a resource" section.');
  const files: Step[] = [];
  const commands: string[] = [];
  for (const [, language, body] of section.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (language === 'sh') commands.push(...body!.split('\n').filter((line) => line.trim() !== ''));
    else {
      const [first, ...rest] = body!.split('\n');
      const paths = first!.startsWith('//') ? (first!.match(/src\/[\w./-]+\.ts/g) ?? []) : [];
      if (paths.length === 0) throw new Error(`A code block of the README's recipe names no file: ${first}`);
      files.push({ paths, text: rest.join('\n') });
    }
  }
  return { files, commands };
}

interface Run {
  status: number | null;
  output: string;
  seconds: number;
}

let copy: string;
let recipe: ReturnType<typeof recipeOf>;
/** The new resource's name (the declaration's `name: '…'`) and its declaration file. */
let name: string;
let file: string;
const timings: string[] = [];

/** The environment of the copy's commands: this run's own test settings left out (timings, databases, workers). */
const env = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST_|NODE_ENV$|BACKUP_TIME$)/.test(key)),
  ),
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};

/** The commands still running: ended when the file ends, should a test time out while they run. */
const running = new Set<ChildProcess>();

function run(label: string, command: string, args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (status) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      timings.push(`${label} ${seconds.toFixed(1)} s`);
      resolve({ status, output, seconds });
    });
  });
}

const bin = (tool: string) => join(process.cwd(), 'node_modules/.bin', tool);
const vitest = (label: string, args: string[]) => run(label, bin('vitest'), ['run', ...args]);

/** The files git tracks, or would track, in the working tree as it is, copied; node_modules linked. */
async function copyProject(to: string): Promise<void> {
  const listed = await new Promise<string>((resolve, reject) => {
    const child = spawn('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (status) => (status === 0 ? resolve(out) : reject(new Error(`git ls-files: ${status}`))));
  });
  // node_modules is left out even where it is a link (a worktree's), which the ignore rule `node_modules/` misses.
  const files = listed.split('\0').filter((path) => path && path !== 'node_modules' && existsSync(path));
  await Promise.all(
    [...new Set(files.map((path) => dirname(join(to, path))))].map((dir) => mkdir(dir, { recursive: true })),
  );
  await Promise.all(files.map((path) => copyFile(path, join(to, path))));
  await symlink(join(process.cwd(), 'node_modules'), join(to, 'node_modules'));
}

/** Writes a block: a new file whole, or its lines added to a file that exists. */
async function apply(step: Step): Promise<void> {
  for (const path of step.paths) {
    const target = join(copy, path);
    if (existsSync(target)) await appendFile(target, step.text);
    else {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, step.text);
    }
  }
}

beforeAll(async () => {
  recipe = recipeOf(await readFile('README.md', 'utf8'));
  const declaration = recipe.files.find((step) => step.text.includes('defineResource('));
  expect(declaration, 'the README shows a declaration').toBeDefined();
  name = /\bname: '(\w+)'/.exec(declaration!.text)![1]!;
  file = declaration!.paths[0]!.replace('src/resources/', '');
  copy = await mkdtemp(join(tmpdir(), 'trust-recipe-'));
  await copyProject(copy);
  for (const step of recipe.files) await apply(step);
}, 60_000);

afterAll(async () => {
  for (const child of running) child.kill();
  if (copy) await rm(copy, { recursive: true, force: true });
  console.log(`recipe test (${name}): ${timings.join(', ')}`);
});

describe("the README's recipe, followed in a copy of the project", () => {
  it('adds a declaration, its Hindi and two registry lines, and runs one command', () => {
    expect(recipe.files.map((step) => step.paths)).toEqual([
      [`src/resources/${file}`],
      [`src/resources/hindi/${file}`],
      ['src/resources/registry.ts', 'src/resources/hindi/registry.ts'],
    ]);
    expect(recipe.commands).toEqual(['npm run db:generate']);
  });

  it(
    'gives a migration, a clean typecheck, format and lint, and passing tests of every declared resource',
    { timeout: 600_000 },
    async () => {
      const before = new Set(await readdir(join(copy, 'drizzle')));
      for (const command of recipe.commands) {
        const done = await run(command, 'sh', ['-c', command]);
        expect(done.status, done.output).toBe(0);
      }
      const added = (await readdir(join(copy, 'drizzle'))).filter((entry) => !before.has(entry));
      const migration = added.find((entry) => entry.endsWith('.sql'));
      expect(migration, `no migration among ${added}`).toBeDefined();
      expect(await readFile(join(copy, 'drizzle', migration!), 'utf8')).toContain(`CREATE TABLE "${name}"`);

      const newFiles = [`src/resources/${file}`, `src/resources/hindi/${file}`];
      // The typecheck, the format and lint of the new files, and the unit and component tests run side by side.
      const [typecheck, format, lint, tests] = await Promise.all([
        run('typecheck', bin('tsc'), ['--noEmit']),
        run('format', bin('prettier'), ['--check', ...newFiles]),
        run('lint', bin('eslint'), newFiles),
        vitest('unit and component tests', [
          '--project',
          'unit',
          '--project',
          'components',
          ...REGISTRY_UNIT,
          ...REGISTRY_COMPONENTS,
        ]),
      ]);
      expect(typecheck.status, typecheck.output).toBe(0);
      expect(format.status, format.output).toBe(0);
      expect(lint.status, lint.output).toBe(0);
      expect(tests.status, tests.output).toBe(0);
      expect(tests.output).toMatch(
        new RegExp(`Test Files +${REGISTRY_UNIT.length + REGISTRY_COMPONENTS.length} passed`),
      );

      const server = await vitest('server tests', ['--project', 'server-pglite', ...REGISTRY_SERVER, '-t', name]);
      expect(server.status, server.output).toBe(0);
      // Each file tested the new resource (a file whose tests all skipped would not say "passed").
      expect(server.output).toMatch(new RegExp(`Test Files +${REGISTRY_SERVER.length} passed`));
    },
  );

  it(
    'fails without the Hindi, naming the file, the registry line and each key to add',
    { timeout: 120_000 },
    async () => {
      await rm(join(copy, 'src/resources/hindi', file));
      const registry = join(copy, 'src/resources/hindi/registry.ts');
      const line = `export * from './${file}';`;
      await writeFile(registry, (await readFile(registry, 'utf8')).replace(`${line}\n`, ''));

      const tests = await vitest('without the Hindi', ['--project', 'unit', 'src/admin/i18n/hi/resources.test.ts']);
      expect(tests.status).not.toBe(0);
      expect(tests.output).toContain(`add to src/resources/hindi/registry.ts: ${line}`);
      expect(tests.output).toContain(`src/resources/hindi/${file}: no such file`);
      expect(tests.output).toContain(`src/resources/hindi/${file}: ${name}.name: missing (English: `);
    },
  );

  it('fails without the registry line of the declaration, naming the line to add', { timeout: 120_000 }, async () => {
    const registry = join(copy, 'src/resources/registry.ts');
    const line = `export * from './${file}';`;
    await writeFile(registry, (await readFile(registry, 'utf8')).replace(`${line}\n`, ''));

    const tests = await vitest('without the registry line', ['--project', 'unit', 'src/resources/registry.test.ts']);
    expect(tests.status).not.toBe(0);
    expect(tests.output).toContain(`src/resources/registry.ts: add ${line}`);
  });
});
