// engines: pglite — processes of their own load the modules; no database is opened
/**
 * src/server/typescript-hooks.js in a real Node process started with the server's options (Vitest compiles modules its
 * own way): our TypeScript runs stripped ahead by strip-types.ts, Node's own stripper is never loaded, lines stay where
 * they are in the source, JSX is compiled, and a file changed after it was stripped is stripped again.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
// Inside the project (the hooks leave files elsewhere to Node), in a folder that git and the stripper's walk ignore.
const DIR = join(ROOT, 'tests/server', `.typescript-probe-${process.pid}`);
const CACHED = join(ROOT, 'node_modules/.cache/stripped-typescript/tests/server', `.typescript-probe-${process.pid}`);

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

  it('strip a file again once it is newer than what was stripped', async () => {
    const stripped = statSync(join(CACHED, 'probe.ts.js')).mtime;
    writeFileSync(join(DIR, 'probe.ts'), probe(2));
    const later = new Date(stripped.getTime() + 5000);
    utimesSync(join(DIR, 'probe.ts'), later, later);

    expect(await runProbe()).toMatchObject({ amaro: false, value: 2 });
  });
});
