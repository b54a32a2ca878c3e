/**
 * A Vitest reporter that appends one line of JSON per test file to the file named by TEST_TIMINGS: its project, its
 * path, how long it took in all (environment, import, setup, tests and hooks) and how many tests it ran. `.ci/run`
 * sets it and prints the table at the end (.ci/timings.ts); without TEST_TIMINGS it is not loaded.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class TimingReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    const file = process.env.TEST_TIMINGS;
    if (!file) return;
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const tests = [...module.children.allTests()].length;
    const line = { project: module.project.name, file: module.relativeModuleId, ms: Math.round(ms), tests };
    appendFileSync(file, `${JSON.stringify({ ...line, state: module.state() })}\n`);
  }
}
