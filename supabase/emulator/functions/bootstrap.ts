// Runs under Deno, not Node: the emulator starts `deno run bootstrap.ts <function URL>` for each
// Edge Function. It imports the function's index.ts unchanged (what `supabase functions deploy`
// deploys) and makes its `Deno.serve(...)` (or `export default { fetch }`) listen on a free
// loopback port, which it reports on stdout for the emulator to proxy to. It exits when the
// emulator goes away (its stdin closes), so no function outlives the emulator.

import { READY_MARKER } from './ready-marker.ts';

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;

interface ServeOptions {
  handler?: Handler;
  port?: number;
  hostname?: string;
  onListen?: (address: { port: number; hostname: string }) => void;
  [option: string]: unknown;
}

interface DenoSubset {
  args: string[];
  serve(options: ServeOptions): unknown;
  stdin: { read(buffer: Uint8Array): Promise<number | null> };
  exit(code: number): never;
}

declare const Deno: DenoSubset;

const entry = Deno.args[0] ?? '';
const serve = Deno.serve.bind(Deno);
let serving = false;

function listen(options: ServeOptions, handler: Handler | undefined): unknown {
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  if (serving) throw new Error('An Edge Function serves once: Deno.serve was called again');
  serving = true;
  return serve({
    ...options,
    handler,
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`${READY_MARKER}${port}`),
  });
}

// Deno.serve(handler), Deno.serve(options, handler) and Deno.serve({ handler, ...options }).
(Deno as { serve: unknown }).serve = (first: Handler | ServeOptions, second?: Handler) =>
  typeof first === 'function' ? listen({}, first) : listen(first, second ?? first.handler);

(async () => {
  const buffer = new Uint8Array(64);
  while ((await Deno.stdin.read(buffer)) !== null) {
    // The emulator never writes; end of input means it has gone.
  }
  Deno.exit(0);
})();

const module: { default?: { fetch?: Handler } } = await import(entry);
const fetchHandler = module.default?.fetch;
if (!serving && typeof fetchHandler === 'function') {
  listen({}, (request, info) => fetchHandler.call(module.default, request, info));
}
if (!serving) {
  console.error('The function neither called Deno.serve nor exported default { fetch }');
  Deno.exit(1);
}
