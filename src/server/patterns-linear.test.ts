/**
 * Every regular expression of the product runs in linear time (the email pattern once took six seconds
 * of the event loop for 100,000 characters). The patterns are found, not listed by hand:
 *
 * - every `pattern` of every declared resource (the registry), and the exports of patterns.ts;
 * - every regular expression literal in src/ and public-site/, read by the TypeScript parser, and every
 *   `new RegExp(…)` / `.match('…')` there: one built from text this test cannot read must be named in DYNAMIC with
 *   the patterns it builds, so that a new one fails here until someone says what it is;
 * - the library patterns the code calls (zod's email).
 *
 * Each pattern meets inputs of 50,000 characters built from its own structure: for every place where a quantifier
 * starts, a text that reaches it (one character per element before it), then one character repeated (a character
 * of the pattern, or one that two of its repeated parts both take), then an ending that makes the match fail. A
 * backtracking pattern spends quadratic (or worse) time on one of these; a linear one some microseconds. An input
 * fails when it takes longer than max(50 ms, 200 × a linear pattern's time on the same machine in the same run),
 * measured again twice before it counts; a run that does not end is cut by a timeout and counts too. The first test
 * holds the detector to finding the patterns this issue replaced.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources, type FieldDeclaration, type ItemFieldDeclaration } from '../resources/index.ts';
import { IMAGE_WIDTHS } from '../resources/media.ts';
import * as shared from '../resources/patterns.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const LENGTH = 50_000;

interface Found {
  source: string;
  flags: string;
  /** Where it was found, for the failure's message. */
  where: string;
}

/** Characters tried as a pattern's parts: letters, digits, space and punctuation, Devanagari, controls, surrogates. */
const CANDIDATES = [
  ...'aAz09 .-_@/\\:,;<>"\'&#%=+?!()[]{}*|~^$`\t\n\r',
  'क',
  'ा',
  'é',
  '\u00a0',
  '\u0000',
  '\u0001',
  '\ud800',
  '😀',
];

function declaredPatterns(): Found[] {
  const found: Found[] = [];
  const visit = (where: string, decl: FieldDeclaration | ItemFieldDeclaration) => {
    if (decl.kind === 'text' && decl.pattern) found.push({ source: decl.pattern.source, flags: '', where });
    if (decl.kind === 'items') for (const [name, item] of Object.entries(decl.fields)) visit(`${where}.${name}`, item);
  };
  for (const resource of resources)
    for (const [name, decl] of Object.entries(resource.fields)) visit(`${resource.name}.${name}`, decl);
  return found;
}

function sharedPatterns(): Found[] {
  return Object.entries(shared).map(([name, value]) => {
    const pattern = typeof value === 'function' ? value('message') : value;
    return { source: pattern.source, flags: '', where: `patterns.ts ${name}` };
  });
}

/**
 * The patterns that `new RegExp(…)` builds from something other than literal text, by file and argument: each
 * names what it builds. A new one fails the scan until it is added here.
 */
const DYNAMIC: Record<string, () => Found[]> = {
  'src/resources/validation.ts decl.pattern.source': declaredPatterns,
  'src/server/routes/api/v2/account-requests.ts EMAIL.source': () => [{ ...shared.EMAIL, flags: '', where: 'EMAIL' }],
  'src/admin/register/RegisterPage.tsx EMAIL.source': () => [{ ...shared.EMAIL, flags: '', where: 'EMAIL' }],
  "src/server/routes/uploads.ts `^[0-9a-f]{32}(?:-(?:${IMAGE_WIDTHS.join('|')}))?\\\\.(jpg|png|webp)$`": () => [
    {
      source: `^[0-9a-f]{32}(?:-(?:${IMAGE_WIDTHS.join('|')}))?\\.(jpg|png|webp)$`,
      flags: '',
      where: 'uploads.ts images',
    },
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every regular expression the source code writes, and the `new RegExp` it cannot read. */
function scannedPatterns(): { found: Found[]; unknown: string[] } {
  const found: Found[] = [];
  const unknown: string[] = [];
  for (const path of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'public-site'))]) {
    const file = relative(ROOT, path);
    const text = readFileSync(path, 'utf8');
    const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const tree = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
    const at = (node: ts.Node) => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = (node as ts.RegularExpressionLiteral).text;
        const end = literal.lastIndexOf('/');
        found.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: at(node) });
      }
      const built =
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp';
      // String.prototype.match, matchAll and search make a pattern of a string argument.
      const matched =
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['match', 'matchAll', 'search'].includes(node.expression.name.text);
      const argument = (built || matched) && (node as ts.CallExpression).arguments?.[0];
      if (argument) {
        const flags = (node as ts.CallExpression).arguments[1];
        if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) {
          const literalFlags = flags && ts.isStringLiteral(flags) ? flags.text : '';
          found.push({ source: argument.text, flags: literalFlags, where: at(node) });
        } else if (built) {
          const key = `${file} ${argument.getText(tree)}`;
          const known = DYNAMIC[key];
          if (known) found.push(...known().map((f) => ({ ...f, where: `${at(node)} (${f.where})` })));
          else unknown.push(`${at(node)}: new RegExp(${argument.getText(tree)})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return { found, unknown };
}

/** Library patterns the code calls: zod's email (config.ts, routes/api/v1/auth.ts). */
const libraryPatterns = (): Found[] => [
  { source: z.regexes.email.source, flags: z.regexes.email.flags, where: 'z.email()' },
];

interface Attack {
  prefix: string;
  pump: string;
  suffix: string;
}

/** The inputs of one pattern, from its structure (see the head of this file). */
function attacksOf(source: string, flags: string): Attack[] {
  const unicode = flags.includes('u') || flags.includes('v');
  const parser = new RegExpParser({ ecmaVersion: 2025 });
  const pattern = parser.parsePattern(source, 0, source.length, {
    unicode: flags.includes('u'),
    unicodeSets: flags.includes('v'),
  });
  const atomFlags = flags.replace(/[gy]/g, '');
  const taken = new Map<string, string[]>();
  /** The candidates one atom (a character, a set, a class) matches. */
  const takenBy = (raw: string): string[] => {
    let list = taken.get(raw);
    if (!list) {
      const atom = new RegExp(`^(?:${raw})$`, atomFlags);
      list = CANDIDATES.filter((c) => atom.test(c) && (unicode || c.length === 1));
      taken.set(raw, list);
    }
    return list;
  };

  const prefixes = new Set<string>(['']);
  const pumps = new Set<string>();
  const repeated: string[][] = [];

  const sample = (node: AST.Node): string => {
    switch (node.type) {
      case 'Character':
      case 'CharacterSet':
      case 'CharacterClass':
      case 'ExpressionCharacterClass':
        return takenBy(node.raw)[0] ?? '';
      case 'Quantifier':
        return sample(node.element).repeat(Math.min(Math.max(node.min, 1), 64));
      case 'Group':
      case 'CapturingGroup':
        return node.alternatives[0] ? sampleAlternative(node.alternatives[0]) : '';
      default:
        return '';
    }
  };
  const sampleAlternative = (alternative: AST.Alternative) => alternative.elements.map(sample).join('');

  const atomsIn = (node: AST.Node): string[][] => {
    switch (node.type) {
      case 'Character':
      case 'CharacterSet':
      case 'CharacterClass':
      case 'ExpressionCharacterClass':
        return [takenBy(node.raw)];
      case 'Quantifier':
        return atomsIn(node.element);
      case 'Group':
      case 'CapturingGroup':
        return node.alternatives.flatMap((a) => a.elements.flatMap(atomsIn));
      default:
        return [];
    }
  };

  const walkAlternative = (alternative: AST.Alternative, before: string) => {
    let text = before;
    for (const element of alternative.elements) {
      walk(element, text);
      text += sample(element);
    }
  };
  const walk = (node: AST.Node, before: string): void => {
    if (node.type === 'Quantifier') {
      prefixes.add(before);
      if (node.max > 1) {
        repeated.push(...atomsIn(node.element));
        pumps.add(sample(node.element));
      }
      walk(node.element, before);
    } else if (node.type === 'Group' || node.type === 'CapturingGroup') {
      for (const alternative of node.alternatives) walkAlternative(alternative, before);
    } else if (node.type === 'Assertion' && (node.kind === 'lookahead' || node.kind === 'lookbehind')) {
      for (const alternative of node.alternatives) walkAlternative(alternative, before);
    }
  };
  for (const alternative of pattern.alternatives) walkAlternative(alternative, '');

  // Pumps: the pattern's own characters, each repeated part's first character, and a character two parts share.
  for (const c of pattern.raw) if (CANDIDATES.includes(c)) pumps.add(c);
  for (const [i, a] of repeated.entries()) {
    if (a[0]) pumps.add(a[0]);
    for (const b of repeated.slice(i + 1)) {
      const shared = a.find((c) => b.includes(c));
      if (shared) pumps.add(shared);
    }
  }
  pumps.delete('');
  const stranger = CANDIDATES.find((c) => !repeated.some((atoms) => atoms.includes(c)) && c.length === 1) ?? '\u0001';
  const suffixes = ['', '\n', '!', stranger];
  const attacks: Attack[] = [];
  for (const prefix of prefixes)
    for (const pump of pumps) for (const suffix of suffixes) attacks.push({ prefix, pump, suffix });
  return attacks;
}

const build = ({ prefix, pump, suffix }: Attack) =>
  prefix + pump.repeat(Math.ceil((LENGTH - prefix.length) / pump.length)) + suffix;

/** One context for the runs, so that a run that does not end can be cut (vm's timeout). */
const context = vm.createContext({ performance });
const batch = new vm.Script(`
  result = { over: -1, ms: 0 };
  for (let i = 0; i < inputs.length; i++) {
    current = i;
    const input = inputs[i];
    const started = performance.now();
    pattern.lastIndex = 0;
    pattern.test(input);
    const ms = performance.now() - started;
    if (ms > bound) { result = { over: i, ms }; break; }
  }
`);

/** Runs `inputs` through `pattern`; the first that takes longer than `bound` (or is cut at `timeout`), if any. */
function firstSlow(
  pattern: RegExp,
  inputs: string[],
  bound: number,
  timeout: number,
): { index: number; ms: number } | undefined {
  Object.assign(context, { pattern, inputs, bound, current: -1, result: undefined });
  const started = performance.now();
  try {
    batch.runInContext(context, { timeout: Math.ceil(timeout) });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    return { index: context.current as number, ms: performance.now() - started };
  }
  const { over, ms } = context.result as { over: number; ms: number };
  return over >= 0 ? { index: over, ms } : undefined;
}

/** The bound of one run: generous against a linear pattern's time on the same machine, now. */
function boundNow(): number {
  const linear = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
  const input = build({ prefix: 'a@', pump: '.', suffix: '@' });
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    linear.test(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.max(50, 200 * times[7]!);
}

/** The inputs of `found` on which its pattern is slower than `bound`, each confirmed twice. */
function slowInputs(found: Found, bound: number): string[] {
  const pattern = new RegExp(found.source, found.flags.replace(/[gy]/g, ''));
  const attacks = attacksOf(found.source, found.flags);
  const inputs = attacks.map(build);
  const slow: string[] = [];
  for (let start = 0; start < inputs.length;) {
    const rest = inputs.slice(start);
    // Cut at four bounds, and a generous share for each linear run before the slow one.
    const hit = firstSlow(pattern, rest, bound, 4 * bound + (rest.length * bound) / 50);
    if (!hit) break;
    const index = start + hit.index;
    // A pause of the machine is not the pattern's: the same input is slow twice more, or it does not count.
    const again = [0, 1].map(() => firstSlow(pattern, [inputs[index]!], bound, 4 * bound));
    if (again.every(Boolean)) {
      const { prefix, pump, suffix } = attacks[index]!;
      slow.push(
        `/${found.source}/${found.flags} (${found.where}): ${JSON.stringify(prefix)} + ${JSON.stringify(pump)} × ${LENGTH} + ${JSON.stringify(suffix)} took over ${Math.round(hit.ms)} ms (bound ${Math.round(bound)} ms)`,
      );
      break;
    }
    start = index + 1;
  }
  return slow;
}

function unique(found: Found[]): Found[] {
  const seen = new Map<string, Found>();
  for (const f of found) if (!seen.has(`${f.flags}/${f.source}`)) seen.set(`${f.flags}/${f.source}`, f);
  return [...seen.values()];
}

describe('every regular expression runs in linear time', () => {
  it('the detector finds the super-linear patterns this issue replaced', () => {
    const bound = boundNow();
    const replaced: Found[] = [
      { source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '', where: 'the old EMAIL' },
      { source: '<[^>]*>', flags: 'g', where: 'the old hasVisibleText' },
      { source: '^(a+)+$', flags: '', where: 'an exponential one' },
    ];
    for (const found of replaced) expect(slowInputs(found, bound), found.where).toHaveLength(1);
  }, 30_000);

  // Parses every source file with TypeScript: 2 s alone, over 5 s while the rest of the suite shares the cores.
  it('finds every pattern of the code and names each dynamic one', () => {
    const { found, unknown } = scannedPatterns();
    expect(unknown).toEqual([]);
    expect(found.length).toBeGreaterThan(100);
    const sources = new Set(found.map((f) => f.source));
    // The declarations reach the scan through validation.ts, and the shared patterns through their users.
    for (const f of [...declaredPatterns(), ...sharedPatterns()]) expect(sources, f.where).toContain(f.source);
  }, 60_000);

  it('no pattern backtracks badly on long adversarial input', () => {
    const bound = boundNow();
    const all = unique([...scannedPatterns().found, ...declaredPatterns(), ...sharedPatterns(), ...libraryPatterns()]);
    const slow = all.flatMap((found) => slowInputs(found, bound));
    console.log(
      `${all.length} patterns, ${all.reduce((n, f) => n + attacksOf(f.source, f.flags).length, 0)} inputs of ${LENGTH} characters`,
    );
    expect(slow).toEqual([]);
  }, 60_000);
});
