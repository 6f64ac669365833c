// Unit and component tests are hermetic: a request that leaves the test's own process (fetch,
// XMLHttpRequest, WebSocket, or any node http/net connection) fails the test that made it, naming
// where it went. Before this guard, tests whose data was not stubbed asked 127.0.0.1:54321 (the
// default emulator's URL) and passed or failed depending on what else ran on the machine.
// The only exception is a server the test started in this same process (on loopback).
// Installed once per worker by src/test/setup.ts; a test stands in for the network with
// src/test/network.ts (stubNetwork) or src/test/fakeRest.ts (fakeDb), never with a real server.
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

interface GuardState {
  /** Ports a server of this process listens on: the test's own servers. */
  ownPorts: Set<number>;
  /** What was refused since the last check, one line each. */
  refused: string[];
  installed: boolean;
}

// On globalThis, not in this module: the worker's files share the patched globals, and a module
// evaluated again for the next file must read the state the patches write.
const STATE = Symbol.for('europe-rally.hermetic-network');
const scope = globalThis as { [STATE]?: GuardState };
const state = (scope[STATE] ??= { ownPorts: new Set(), refused: [], installed: false });
const { ownPorts, refused } = state;

function isOwnServer(host: string, port: number): boolean {
  return LOOPBACK.has(host) && ownPorts.has(port);
}

function urlIsOwn(url: URL): boolean {
  if (url.protocol === 'data:' || url.protocol === 'blob:') return true;
  const port = Number(
    url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80),
  );
  return isOwnServer(url.hostname, port);
}

function refuse(what: string): Error {
  const message = `Unit tests are hermetic: ${what} is not to the test's own server (stub it: src/test/network.ts or src/test/fakeRest.ts)`;
  refused.push(message);
  return new Error(message);
}

function absolute(target: string | URL): URL {
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  return new URL(String(target), base);
}

/** The requests refused since the last call, forgotten once taken. */
export function takeRefusedRequests(): string[] {
  return refused.splice(0);
}

function guardFetch() {
  const realFetch = globalThis.fetch;
  if (!realFetch) return;
  const guarded: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = absolute(request ? request.url : input instanceof URL ? input : String(input));
    if (!urlIsOwn(url)) {
      const method = init?.method ?? request?.method ?? 'GET';
      return Promise.reject(refuse(`fetch ${method.toUpperCase()} ${url.href}`));
    }
    return realFetch(input, init);
  };
  globalThis.fetch = guarded;
}

function guardXhr() {
  const Xhr = globalThis.XMLHttpRequest;
  if (!Xhr) return;
  const open = Xhr.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  Xhr.prototype.open = function guardedOpen(this: XMLHttpRequest, ...args: unknown[]) {
    const [method, target] = args as [string, string | URL];
    const url = absolute(target);
    if (!urlIsOwn(url)) throw refuse(`XMLHttpRequest ${method.toUpperCase()} ${url.href}`);
    open.apply(this, args);
  } as typeof Xhr.prototype.open;
}

function guardWebSocket() {
  const Real = globalThis.WebSocket;
  if (!Real) return;
  const Guarded = new Proxy(Real, {
    construct(target, args: [string | URL, (string | string[])?], newTarget) {
      const url = absolute(args[0]);
      if (!urlIsOwn(url)) throw refuse(`WebSocket ${url.href}`);
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
  globalThis.WebSocket = Guarded;
}

/** node:http, node:https, undici and ws all connect through net.Socket. */
function guardSockets() {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function guardedListen(this: net.Server, ...args: unknown[]) {
    this.once('listening', () => {
      const address = this.address();
      if (address && typeof address === 'object') ownPorts.add(address.port);
    });
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const [first, second] = args;
    const options =
      typeof first === 'object' && first !== null && !Array.isArray(first)
        ? (first as { port?: number | string; host?: string; path?: string })
        : typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))
          ? { port: first, host: typeof second === 'string' ? second : 'localhost' }
          : { path: String(first) };
    // A local socket file (IPC) is not the network.
    if (!options.path) {
      const host = options.host ?? 'localhost';
      const port = Number(options.port);
      if (!isOwnServer(host, port)) {
        const error = refuse(`a connection to ${host}:${port}`);
        process.nextTick(() => this.destroy(error));
        return this;
      }
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
}

/** Installs the guard once per worker (the unit project shares a worker's globals across files). */
export function installHermeticNetwork(): void {
  if (state.installed) return;
  state.installed = true;
  guardFetch();
  guardXhr();
  guardWebSocket();
  guardSockets();
}
