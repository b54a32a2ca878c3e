/**
 * Comments and test names cite what a newcomer can open: a file of the repository (a test, a module, a section of
 * docs/), never an issue by its number, which lives outside the repository. Every tracked or new source file of the
 * folders below is read (git ls-files, so a build's output or node_modules never is); a file that names "issue"
 * followed by a number fails with its file and line. A section of docs/ cited in quotes after its document's path
 * (or a heading's beginning ended by "…") must be a heading of that document. Plain file reads: well under a second.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'tests', 'scripts', 'bench', 'public-site', '.ci', '*.config.ts', '*.config.js'];

/** The word "issue" or "issues", then a number: after a space, a "#", both or neither. */
const ISSUE_CITATION = /\bissues? ?#?\d/i;

/** `docs/decisions.md, "Several processes…"`: the document and the words in quotes. */
const SECTION_CITATION = /docs\/([\w-]+)\.md,? "([^"]+)"/g;

function scannedFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SCANNED],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(join(ROOT, file)));
}

/** The file's text, or undefined for a binary file (an image, a font). */
function textOf(file: string): string | undefined {
  const bytes = readFileSync(join(ROOT, file));
  return bytes.subarray(0, 8000).includes(0) ? undefined : bytes.toString('utf8');
}

/** `file:line: text` for every line of `text` that cites an issue by its number. */
function issueCitations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (ISSUE_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** The text with each comment's lines joined, so that a quoted heading wrapped onto the next line reads whole. */
function joinedComments(text: string): string {
  return text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/|--)?[ \t]*/g, ' ');
}

const files = scannedFiles();
const texts = new Map(
  files.flatMap((file) => {
    const text = textOf(file);
    return text === undefined ? [] : [[file, text] as const];
  }),
);

describe('comments and test names cite files of the repository', () => {
  it('the pattern finds an issue number and leaves the word alone', () => {
    // Each written in two pieces, so that this file itself passes its own scan.
    const cited = [
      ['See issue', ' 13.'],
      ['(issue', ' 13, item 7)'],
      ['Issue', " 22's first hole"],
      ['issues', ' 2 and 3'],
      ['issue', '#9'],
    ].map((pieces) => pieces.join(''));
    expect(issueCitations('sample.ts', cited.join('\n'))).toEqual(
      cited.map((line, i) => `sample.ts:${i + 1}: ${line}`),
    );
    const plain = [
      'an issue with the font',
      'Issue Receipt',
      'issue.input',
      'issues: 2 found',
      ['tissue', ' 3'].join(''),
    ];
    expect(issueCitations('sample.ts', plain.join('\n'))).toEqual([]);
  });

  it('reads the source folders', () => {
    expect(files).toContain('src/server/comment-citations.test.ts');
    expect(files).toContain('vite.config.ts');
    expect(files.some((file) => file.startsWith('tests/e2e/'))).toBe(true);
  });

  it('no comment or test name cites an issue by its number', () => {
    const found = [...texts].flatMap(([file, text]) => issueCitations(file, text));
    expect(found, 'Say what is meant, and cite a file of the repository (docs/decisions.md, a test).').toEqual([]);
  });

  it('every quoted section of docs/ is a heading of that document', () => {
    const headings = new Map<string, string[]>();
    const headingsOf = (doc: string): string[] => {
      if (!headings.has(doc)) {
        const path = join(ROOT, 'docs', `${doc}.md`);
        const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
        headings.set(
          doc,
          text
            .split('\n')
            .filter((line) => /^#+ /.test(line))
            .map((line) => line.replace(/^#+ /, '')),
        );
      }
      return headings.get(doc)!;
    };
    const missing = [...texts].flatMap(([file, text]) =>
      [...joinedComments(text).matchAll(SECTION_CITATION)].flatMap(([, doc, quoted]) => {
        const words = quoted!.replace(/(…|\.\.\.)$/, '').trim();
        return headingsOf(doc!).some((heading) => heading.includes(words))
          ? []
          : [`${file}: docs/${doc}.md, "${quoted}"`];
      }),
    );
    expect(missing, 'Cite a heading as docs/<document>.md has it.').toEqual([]);
  });
});
