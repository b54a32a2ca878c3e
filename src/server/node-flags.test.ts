import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('the server’s Node options', () => {
  it('are the ones npm start gives the server', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = manifest.scripts.start ?? '';
    const command = start.slice(start.indexOf('node '));
    expect(command).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`);
  });
});
