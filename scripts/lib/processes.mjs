// Child processes for the scripts that run the emulator and the site (npm start, bench:web).
import { spawn } from 'node:child_process';
import net from 'node:net';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

export const viteCli = 'node_modules/vite/bin/vite.js';

/** Node arguments that run the emulator's CLI (see the contract in supabase/emulator/main.ts). */
export function emulatorArgs({ port, host = '127.0.0.1', dataDir, siteUrl, reset = false }) {
  return [
    'node_modules/tsx/dist/cli.mjs',
    'supabase/emulator/main.ts',
    'serve',
    ...['--port', String(port), '--host', host, '--data-dir', dataDir, '--site-url', siteUrl],
    ...(reset ? ['--reset'] : []),
  ];
}

/**
 * Starts a child as the leader of its own process group, so that signalling the group also stops
 * what it started (tsx's node, Vite's workers). Each output line goes to onLine and is re-emitted
 * on the child as a 'line' event, without terminal colours: tools colour their output when `CI` or
 * FORCE_COLOR is set even into a pipe (Vite's "Local:" becomes "\x1b[1mLocal\x1b[22m:"), and a
 * ready line must match the same on a CI runner as in a terminal.
 */
export function spawnGroup(command, args, { env = process.env, onLine = () => {} } = {}) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const [stream, name] of [
    [child.stdout, 'stdout'],
    [child.stderr, 'stderr'],
  ]) {
    readline.createInterface({ input: stream }).on('line', (coloured) => {
      const line = stripVTControlCharacters(coloured);
      onLine(line, name);
      child.emit('line', line);
    });
  }
  return child;
}

export function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Resolves on the first output line matching pattern; rejects if the child exits first. */
export function waitForLine(child, pattern, what) {
  return new Promise((resolve, reject) => {
    const onLine = (line) => {
      if (!pattern.test(line)) return;
      cleanup();
      resolve();
    };
    const onExit = (code, signal) => {
      cleanup();
      reject(new Error(`${what} exited before it was ready (${signal ?? `exit code ${code}`})`));
    };
    const cleanup = () => {
      child.off('line', onLine);
      child.off('exit', onExit);
    };
    child.on('line', onLine);
    child.on('exit', onExit);
  });
}

export function portFree(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
