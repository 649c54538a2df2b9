import { WebSocket } from 'ws';

// ws emits 'close' once the TCP connection has ended, a round trip after the peer's close
// frame. A client that has said goodbye has left (docs/realtime.md: presence), so this socket
// also emits 'closing' the moment the close handshake starts, from either side.

export class ClosingWebSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    const wasOpen = this.readyState === WebSocket.OPEN;
    super.close(code, data);
    if (wasOpen) this.emit('closing');
  }
}
