import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Every benchmark at its smoke size, run as `npm run bench -- --smoke` runs them (bench/run.ts
// in a process of its own: nothing imports from bench/), so a change that breaks a bench fails
// here rather than at its next measurement. Nothing about speed is asserted: the figures are
// the benches' business (bench/README.md); a bench fails when it crashes, hangs, leaves
// processes behind or measures nothing.

function smokeRun(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the benchmarks at smoke size', () => {
  it('all run to the end and report their figures', async () => {
    const { code, output } = await smokeRun();
    expect(code, output).toBe(0);
    const summary = /Smoke run: (\d+) benches in [\d.]+ s, none failed\n((?: {2}.*\n?)*)/.exec(
      output,
    );
    expect(summary, output).not.toBeNull();
    // Each bench's seconds, for whoever watches the run's time (CI prints it).
    console.log(summary![0]);
    const lines = summary![2]!.trim().split('\n');
    expect(lines).toHaveLength(Number(summary![1]));
    const skipped = lines.filter((line) => /^\S+\s+skipped/.test(line.trim()));
    // A bench skips only for want of PostgreSQL or Redis, and where they are given (CI) none may.
    for (const line of skipped) expect(line).toMatch(/DATABASE_URL|REDIS_URL|PostgreSQL|Redis/);
    if (process.env.TEST_SERVICES === 'required') expect(skipped).toEqual([]);
  });
});
