import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A realtime harness node in its own OS process, so a test can kill it with SIGKILL: a crash,
// with no chance to withdraw its presence members. Run as a script it starts the node and
// prints its port; imported, it starts such a process.

export type RealtimeNodeProcess = {
  host: string;
  port: number;
  child: ChildProcess;
  kill(): Promise<void>;
};

const self = fileURLToPath(import.meta.url);

export function startRealtimeNodeProcess(env: {
  REDIS_URL: string;
  ACTIVITY_TIMEOUT: string;
}): Promise<RealtimeNodeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    env: { PATH: process.env.PATH ?? '', ...env, RUN_REALTIME_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`realtime node did not start:\n${output}`)),
      60_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /realtime node on port (\d+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({
        host: '127.0.0.1',
        port: Number(match[1]),
        child,
        kill: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`realtime node exited with ${code}:\n${output}`));
    });
  });
}

if (process.env.RUN_REALTIME_NODE === '1') {
  const { startRealtimeNode } = await import('./realtime-harness.ts');
  const node = await startRealtimeNode({
    redisUrl: process.env.REDIS_URL,
    activityTimeoutSeconds: Number(process.env.ACTIVITY_TIMEOUT),
  });
  process.stdout.write(`realtime node on port ${node.port}\n`);
}
