/**
 * The layout picture (README.md, Layout; docs/decisions.md, "The layout in one picture: a folder is one kind of
 * thing") is the repository's: the two show the same tree, every folder it names exists, and a folder it opens (one
 * of whose subfolders it names, or the repository itself) has each of its subfolders named.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The first ```text block after `heading` in `file`. */
function treeIn(file: string, heading: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const at = text.indexOf(heading);
  expect(at, `${file} has "${heading}"`).toBeGreaterThanOrEqual(0);
  const start = text.indexOf('```text\n', at);
  return text.slice(start + '```text\n'.length, text.indexOf('```', start + 3));
}

/** The folders a tree names, as paths (`src/server/db`), from its indentation (two spaces a level). */
function foldersOf(tree: string): string[] {
  const stack: string[] = [];
  const folders: string[] = [];
  for (const line of tree.split('\n').filter((l) => l.trim() !== '')) {
    const match = /^( *)(\S+)\/ +\S/.exec(line);
    expect(match, `a line of the tree is "<folder>/  <what it holds>": ${JSON.stringify(line)}`).not.toBeNull();
    const depth = match![1]!.length / 2;
    stack.length = depth;
    stack.push(match![2]!);
    folders.push(stack.join('/'));
  }
  return folders;
}

describe('the layout picture', () => {
  const readme = treeIn('README.md', '## Layout');
  const decisions = treeIn('docs/decisions.md', '## The layout in one picture');

  it('is the same in the README and in decisions.md', () => {
    expect(readme).toBe(decisions);
  });

  it('names the folders there are, and every subfolder of a folder it opens', () => {
    const named = foldersOf(readme);
    // The repository's folders: those that hold a file git tracks (not node_modules, builds, data), not hidden.
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
    const real = new Set<string>();
    for (const file of tracked) {
      const parts = file.split('/').slice(0, -1);
      for (let i = 1; i <= parts.length; i++) real.add(parts.slice(0, i).join('/'));
    }
    for (const folder of [...real]) if (folder.split('/').some((part) => part.startsWith('.'))) real.delete(folder);
    expect(named.filter((folder) => !real.has(folder))).toEqual([]);
    const opened = new Set(['', ...named.map((folder) => folder.split('/').slice(0, -1).join('/'))]);
    const parentOf = (folder: string) => folder.split('/').slice(0, -1).join('/');
    const unnamed = [...real].filter((folder) => opened.has(parentOf(folder)) && !named.includes(folder));
    expect(unnamed.sort()).toEqual([]);
  });
});
