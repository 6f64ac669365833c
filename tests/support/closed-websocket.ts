// supabase-js in Node 20 needs a WebSocket class for realtime (Node has none built in). Tests never
// use realtime, so this inert socket stays closed. Pass it as `realtime: { transport }`.
import type { WebSocketLike } from '@supabase/realtime-js';

export class ClosedWebSocket implements WebSocketLike {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readonly readyState = 3;
  readonly protocol = '';
  readonly url: string;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(address: string | URL) {
    this.url = String(address);
  }
  close() {}
  send() {
    throw new Error('Realtime is not available in tests');
  }
  addEventListener() {}
  removeEventListener() {}
}
