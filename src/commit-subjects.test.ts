/**
 * A commit's subject is under 72 characters (what `git log --oneline` and a terminal show whole), with the detail in
 * its body. Checked for every commit after SINCE, the last one landed before the rule was checked; the history
 * before it stays as it landed.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SINCE = '0be474b';
const LONGEST = 71;

describe('commit subjects', () => {
  it(`are at most ${LONGEST} characters since ${SINCE}`, () => {
    const log = execFileSync('git', ['log', '--format=%h %s', `${SINCE}..HEAD`], { cwd: ROOT, encoding: 'utf8' });
    const long = log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => ({ commit: line.slice(0, line.indexOf(' ')), subject: line.slice(line.indexOf(' ') + 1) }))
      .filter(({ subject }) => [...subject].length > LONGEST)
      .map(({ commit, subject }) => `${commit}: ${[...subject].length} characters: ${subject}`);
    expect(long, 'shorten these subjects (git commit --amend, or git rebase -i before they land)').toEqual([]);
  });
});
