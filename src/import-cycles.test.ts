/**
 * No circle of imports in src: among the server's modules, the declarations and the back-office's (src/server,
 * src/resources, src/admin), every arrow runs one way, so a module's imports are evaluated before it and none is read half-built. Type-only imports
 * count too (a type that two modules take from each other belongs in a third both can import), and so do `import()`
 * expressions. The imports are read by the TypeScript parser, without type checking: a few hundred milliseconds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['src/server', 'src/resources', 'src/admin'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(c|m)?tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each file's relative imports that land on a file of `files` (extension written, as Node's type stripping needs). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolve(dirname(file), fileName))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One circle through each group of modules that reach each other (Tarjan's components), as a path that closes. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  // Within a group, the shortest way from its first module reached back to itself (breadth first).
  return groups.map((group) => {
    const members = new Set(group);
    const start = group.at(-1)!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next) || cameFrom.has(next)) continue;
        cameFrom.set(next, node);
        if (next === start) queue.length = 0;
        else queue.push(next);
      }
    }
    const between: string[] = [];
    for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) between.unshift(node);
    return [start, ...between, start];
  });
}

describe('the imports of the server, the declarations and the back-office', () => {
  it('find circles, type-only ones included', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circlesOf(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('run one way: no module imports, however indirectly, one that imports it', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    const graph = importGraph(files);
    // Not vacuous: the files and their arrows were found.
    expect(files.length).toBeGreaterThan(150);
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    expect(existsSync(join(ROOT, 'src/server/app.ts'))).toBe(true);
    expect(files).toContain(join(ROOT, 'src/admin/App.tsx'));
    const circles = circlesOf(graph).map((circle) => circle.map((file) => relative(ROOT, file)).join(' → '));
    expect(circles, 'move what two modules share to a third that both import').toEqual([]);
  });
});
