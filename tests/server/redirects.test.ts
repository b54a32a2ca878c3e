// engines: pglite — the Location of every redirect; no SQL of its own
/**
 * Open redirects (docs/security.md, "Where each rule is enforced"): every redirecting route of the server, called with
 * hostile spellings of the place it sends to (doubled and dotted slashes, encoded and raw backslashes, tabs and
 * newlines, control characters, unicode slashes, other schemes), answers either a refusal (4xx) or a Location that a
 * browser resolves to this site; never 500, never another origin. And no code of the server sets a Location except
 * through src/server/redirect.ts. Requests are sent raw (node:http): fetch() would normalise some spellings before
 * sending.
 */
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { PUBLIC_FORM_LIMIT_PER_ADDRESS: '100000', PUBLIC_FORM_LIMIT_PER_EMAIL: '100000' },
  });
});
afterAll(async () => {
  await t?.close();
});

interface RawResponse {
  status: number;
  location: string | undefined;
  text: string;
}

/** One request with the path and headers exactly as given. Status 0: Node's parser refused the request line. */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        insecureHTTPParser: true,
        headers: {
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve({ status: 0, location: undefined, text: '' }) : reject(error),
    );
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const SITE = 'http://site.test';

/** Where a browser on this site goes with this Location: it must stay on the site, as a path of it. */
function expectSameSite(location: string | undefined, what: string): void {
  expect(location, what).toBeDefined();
  expect(location!.startsWith('/'), `${what} → ${location}`).toBe(true);
  expect(/^\/[/\\]/.test(location!), `${what} → ${location}`).toBe(false);
  // eslint-disable-next-line no-control-regex -- what a Location must never carry
  expect(/[\u0000-\u0020\u007f\\]/.test(location!), `${what} → ${JSON.stringify(location)}`).toBe(false);
  expect(new URL(location!, SITE).origin, `${what} → ${location}`).toBe(SITE);
}

/** An answer to a hostile spelling: refused (4xx, or the parser's reset) or a same-site redirect; never a 5xx. */
function expectSafe(answer: RawResponse, what: string): void {
  expect(answer.status < 500, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true);
  if (answer.status >= 300 && answer.status < 400) expectSameSite(answer.location, what);
  else expect(answer.location, what).toBeUndefined();
}

/** Every control character of ASCII, percent-encoded. */
const ENCODED_CONTROLS = [...Array(32).keys(), 127].map(
  (code) => `%${code.toString(16).padStart(2, '0').toUpperCase()}`,
);

/** Hostile tails after a path's leading slash: each tries to make a browser leave the site. */
const HOSTILE = [
  '%5Cevil.example',
  '%5cevil.example',
  '%09/evil.example',
  '%0d%0aSet-Cookie:%20a=1',
  '%0aevil.example',
  '%2f%2fevil.example',
  '%2F%5Cevil.example',
  '/evil.example',
  '//evil.example',
  './/evil.example/x',
  '../evil.example',
  '%2e//evil.example/x',
  '%2e%2e//evil.example/x',
  'a/..//evil.example/x',
  '.%2e//evil.example',
  '%E2%88%95%E2%88%95evil.example',
  '%EF%BC%8F%EF%BC%8Fevil.example',
  '%E2%81%84evil.example',
  'https:%2F%2Fevil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '%20/evil.example',
  '@evil.example',
  ...ENCODED_CONTROLS.map((control) => `${control}evil.example`),
  ...ENCODED_CONTROLS.map((control) => `${control}/evil.example`),
];

describe('the doubled-slash and alias redirects of the admin app (plugins/external/static.ts)', () => {
  it('never sends //%5Cevil.example or //%09/evil.example to another site', async () => {
    for (const path of ['//%5Cevil.example', '//%09/evil.example']) {
      const answer = await raw('GET', path);
      expectSafe(answer, path);
      expect(answer.status, path).toBe(400);
    }
  });

  it('answers a control character in the path 400 with a sentence, never 500', async () => {
    for (const control of ENCODED_CONTROLS) {
      const answer = await raw('GET', `//${control}`);
      expectSafe(answer, `//${control}`);
      // A control character is not a page: a person is told so.
      expect(answer.status, `//${control}`).toBe(400);
      // NUL is refused earlier, as text that is not text (plugins/app/input-text.ts); each in words.
      expect(JSON.parse(answer.text).message, `//${control}`).toMatch(
        control === '%00' ? /not text/ : /not an address of this site/,
      );
    }
    const crlf = await raw('GET', '//%0d%0aSet-Cookie:%20a=1');
    expect(crlf.status).toBe(400);
  });

  it('answers every hostile spelling safely, in every method, with and without a query', async () => {
    for (const tail of HOSTILE) {
      for (const path of [`//${tail}`, `///${tail}`, `//${tail}?x=%0d%0a`, `//web/${tail}`]) {
        for (const method of ['GET', 'HEAD', 'POST']) expectSafe(await raw(method, path), `${method} ${path}`);
      }
    }
  });

  it('still sends the spec’s quirky routes to their canonical form, keeping the query', async () => {
    const doubled = await raw('GET', '//master/country/add');
    expect(doubled.status).toBe(308);
    expect(doubled.location).toBe('/master/country/add');
    const alias = await raw('GET', '/employee-role?page=2');
    expect(alias.status).toBe(308);
    expect(alias.location).toBe('/employee-roles?page=2');
    const slashes = await raw('GET', '//employee/list?q=a%20b');
    expect(slashes.status).toBe(308);
    expect(slashes.location).toBe('/employee/list?q=a%20b');
    const hindi = await raw('GET', '//web/%E0%A4%B8');
    expect(hindi.status).toBe(308);
    expect(hindi.location).toBe('/web/%E0%A4%B8');
  });
});

describe('the public site’s /web/ redirect (routes/web/site.ts)', () => {
  it('goes to /web, keeping a query, and no query sends it elsewhere', async () => {
    const plain = await raw('GET', '/web/');
    expect(plain.status).toBe(308);
    expect(plain.location).toBe('/web');
    const query = await raw('GET', '/web/?lang=hi');
    expect(query.location).toBe('/web?lang=hi');
    for (const tail of HOSTILE) expectSafe(await raw('GET', `/web/?${tail}`), `/web/?${tail}`);
  });
});

describe('the public forms’ way back (routes/api/public/form-posts.ts)', () => {
  const fields = {
    name: 'Asha Verma',
    email: 'redirect-battery@example.org',
    message: 'A question.',
    // The honeypot: the answer is a person's, and nothing is stored, so the battery writes no rows.
    website: 'filled by a test',
  };
  const post = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
    raw('POST', '/api/public/contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ ...fields, ...extra }).toString(),
    });

  /** The form's redirect field, as a visitor could write it. */
  const asked = [
    ...HOSTILE.map((tail) => `/${tail}`),
    ...HOSTILE.map((tail) => `/${decodeURIComponentSafe(tail)}`),
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2e//evil.example/x',
    '/a/..//evil.example/x',
    '/a/b/../..//evil.example/x',
    '/web/..//evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '\t//evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    '/\u2215\u2215evil.example',
    '/\uff0f\uff0fevil.example',
    '//evil.example/x',
    'https://evil.example/x',
    'https:evil.example',
    'https:/evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '',
  ];

  it('answers the attack’s redirect fields with a path of this site (or JSON), never another site', async () => {
    for (const redirect of ['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x', '/a/..//x']) {
      const answer = await post({ redirect });
      expectSafe(answer, redirect);
    }
  });

  it('answers every hostile redirect field and Referer safely', async () => {
    for (const redirect of asked) expectSafe(await post({ redirect }), JSON.stringify(redirect));
    // Refused posts go back too (with a draft): the same rule.
    for (const redirect of asked.slice(0, 20)) {
      expectSafe(await post({ redirect, name: '' }), `refused ${JSON.stringify(redirect)}`);
    }
    const host = new URL(t.url).host;
    for (const path of asked) {
      for (const referer of [`http://${host}${path}`, `http://${host}/${path}`, `http://${host}${path}?lang=hi`]) {
        // What no client can put in a header.
        if (/[^\t\x20-\x7e\x80-\xff]/.test(referer)) continue;
        expectSafe(await post({}, { referer }), `Referer ${JSON.stringify(referer)}`);
      }
    }
  });

  it('still goes back to the page of this site it was asked to, with the query it had', async () => {
    const answer = await post({ redirect: '/web/contact?lang=hi', website: '', email: 'redirect-kept@example.org' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/web/contact?lang=hi&sent=1');
    const normalised = await post({ redirect: '/web/./contact', website: 'bot' });
    expect(normalised.location).toBe('/web/contact?sent=1');
  });
});

describe('the source', () => {
  it('sets a Location only through src/server/redirect.ts', async () => {
    const offenders: string[] = [];
    for (const root of ['src/server', 'public-site']) {
      for (const file of await sourceFiles(root)) {
        if (file === join('src', 'server', 'redirect.ts')) continue;
        const text = await readFile(file, 'utf8');
        text.split('\n').forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          // reply.redirect, or a Location header set by name (reply.header, setHeader, writeHead, raw headers).
          if (/\.redirect\s*\(|['"`]location['"`]|writeHead\s*\(\s*30\d/i.test(line)) {
            offenders.push(`${file}:${i + 1}: ${line.trim()}`);
          }
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(path)));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}
