import { spawn, type ChildProcess } from 'node:child_process';
import { eventually } from './payments';

export type StartedServer = {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, the port the system picked. */
  base: string;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts a command that serves the app (`npm start`, `scripts/start.mjs --prod`) the way an operator
 * would, in its own process group so that stopping it reaches everything it started (and nothing can
 * outlive the test), with PORT=0 and HOST=127.0.0.1. Resolves once the port named in its
 * "Listening on" line answers /api/health; fails with everything it printed if it exits first.
 */
export async function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<StartedServer> {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = await eventually(async () => {
    if (child.exitCode !== null)
      throw new Error(`${[command, ...args].join(' ')} exited with ${child.exitCode}:\n${output}`);
    const port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (!port) return undefined;
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    return up ? `http://127.0.0.1:${port}` : undefined;
  }, options.timeoutMs);
  return { child, base, output: () => output, exited };
}

/** Whether any process of the group `child` leads is still alive. */
export function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills every process of the group `child` leads, if any is left. */
export function killGroup(child: ChildProcess) {
  if (groupAlive(child)) process.kill(-child.pid!, 'SIGKILL');
}
