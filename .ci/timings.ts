/**
 * The table `.ci/run` prints at its end: how long each step took (from the file of `step name seconds` lines it
 * wrote), then each test file by project, slowest first (from the lines of tests/helpers/timing-reporter.ts).
 * Usage: node .ci/timings.ts <steps-file> <tests-file> [<seconds since the run began>]
 */
import { existsSync, readFileSync } from 'node:fs';

const [stepsFile, testsFile, wall] = process.argv.slice(2);
const lines = (file: string | undefined) =>
  file && existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
    : [];
const pad = (text: string, width: number) => text.padEnd(width);
const seconds = (s: number) => `${s.toFixed(1).padStart(7)} s`;

const steps = lines(stepsFile).map((line) => {
  const at = line.lastIndexOf(' ');
  return { name: line.slice(0, at), s: Number(line.slice(at + 1)) };
});
// Steps that ran beside another ("beside the tests: …") take no time of their own from the run.
const total = steps.filter((step) => !step.name.startsWith('beside')).reduce((sum, step) => sum + step.s, 0);
console.log('\nci: steps');
for (const step of steps) console.log(`  ${pad(step.name, 40)}${seconds(step.s)}`);
console.log(`  ${pad('steps one after another', 40)}${seconds(total)}  (${(total / 60).toFixed(1)} min)`);
if (wall) console.log(`  ${pad('the whole run', 40)}${seconds(Number(wall))}  (${(Number(wall) / 60).toFixed(1)} min)`);

const files = lines(testsFile)
  .map((line) => JSON.parse(line) as { project: string; file: string; ms: number; tests: number; state: string })
  .sort((a, b) => b.ms - a.ms);
const byProject = new Map<string, { ms: number; files: number; tests: number }>();
for (const f of files) {
  const p = byProject.get(f.project) ?? { ms: 0, files: 0, tests: 0 };
  byProject.set(f.project, { ms: p.ms + f.ms, files: p.files + 1, tests: p.tests + f.tests });
}
console.log('\nci: test files by project (time summed over files; files of a project run two at a time)');
for (const [project, p] of [...byProject].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`  ${pad(project, 40)}${seconds(p.ms / 1000)}  ${p.files} files, ${p.tests} tests`);
}
console.log('\nci: test files, slowest first');
for (const f of files) {
  const mark = f.state === 'passed' ? '' : `  ${f.state}`;
  console.log(`  ${seconds(f.ms / 1000)}  ${pad(f.project, 16)}${f.file} (${f.tests})${mark}`);
}
