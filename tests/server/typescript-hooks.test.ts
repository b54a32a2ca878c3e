// engines: pglite — processes of their own load the modules; no database is opened
/**
 * src/server/typescript-hooks.js in a real Node process started with the server's options (Vitest compiles modules its
 * own way): our TypeScript runs stripped ahead by strip-types.ts, Node's own stripper is never loaded, lines stay where
 * they are in the source, JSX is compiled, and a file whose text changed after it was stripped is stripped again.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { CACHE, cachedPath } from '../../src/server/strip-types.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
// Inside the project (the hooks leave files elsewhere to Node), in a folder that git and the stripper's walk ignore.
const DIR = join(ROOT, 'tests/server', `.typescript-probe-${process.pid}`);
const CACHED = dirname(cachedPath(join(DIR, 'probe.ts')));

function probe(value: number): string {
  return [
    "import { bold } from './bold.tsx';",
    'interface Said { amaro: boolean; line: number; value: number; html: string }',
    'const line: number = Number(/:(\\d+):\\d+\\)?$/.exec(new Error().stack!.split("\\n")[1]!)![1]);',
    'const said: Said = {',
    "  amaro: process.moduleLoadList.some((loaded) => loaded.includes('amaro')),",
    '  line,',
    `  value: ${value} as number,`,
    "  html: bold('stripped'),",
    '};',
    'console.log(JSON.stringify(said));',
  ].join('\n');
}

async function runProbe(): Promise<{ amaro: boolean; line: number; value: number; html: string }> {
  const { stdout } = await run(process.execPath, [...SERVER_NODE_FLAGS, join(DIR, 'probe.ts')], { cwd: ROOT });
  return JSON.parse(stdout) as { amaro: boolean; line: number; value: number; html: string };
}

afterAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  rmSync(CACHED, { recursive: true, force: true });
});

describe('the server’s TypeScript hooks', () => {
  it('forget the stripped files of a copy of the project that is gone, and keep those of one that is here', async () => {
    const gone = join(dirname(CACHE), `gone-${process.pid}`);
    mkdirSync(gone, { recursive: true });
    writeFileSync(join(gone, 'root.txt'), join(ROOT, `no-such-copy-${process.pid}`));
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, 'bold.tsx'), 'export const bold = (text: string): string => `<b>${text}</b>`;\n');
    writeFileSync(join(DIR, 'probe.ts'), probe(0));

    await runProbe();
    expect(existsSync(gone)).toBe(false);
    expect(readFileSync(join(CACHE, 'root.txt'), 'utf8')).toBe(ROOT.replace(/\/$/, ''));
  });

  it('run our TypeScript and JSX without Node’s own stripper, each line where it is in the source', async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(
      join(DIR, 'bold.tsx'),
      [
        "import { renderToStaticMarkup } from 'react-dom/server';",
        'export function bold(text: string): string {',
        '  return renderToStaticMarkup(<b>{text}</b>);',
        '}',
      ].join('\n'),
    );
    writeFileSync(join(DIR, 'probe.ts'), probe(1));

    expect(await runProbe()).toEqual({ amaro: false, line: 3, value: 1, html: '<b>stripped</b>' });
  });

  it('strip a file again once its text has changed, even when its date is older than the stripped copy', async () => {
    const stripped = statSync(join(CACHED, 'probe.ts.js')).mtime;
    writeFileSync(join(DIR, 'probe.ts'), probe(2));
    // As a copy of the project that kept the files' old dates would have it.
    const earlier = new Date(stripped.getTime() - 60_000);
    utimesSync(join(DIR, 'probe.ts'), earlier, earlier);

    expect(await runProbe()).toMatchObject({ amaro: false, value: 2 });
  });

  it('say which file does not parse, when a process loads it', async () => {
    writeFileSync(join(DIR, 'broken.ts'), 'export const broken: = ;\n');
    writeFileSync(join(DIR, 'loads-broken.ts'), "import './broken.ts';\n");

    const failed = await run(process.execPath, [...SERVER_NODE_FLAGS, join(DIR, 'loads-broken.ts')], {
      cwd: ROOT,
    }).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failed).toContain("The server's TypeScript could not be prepared");
    expect(failed).toContain('broken.ts');
  });
});
