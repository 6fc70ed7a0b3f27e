/**
 * The realtime connection slot. Start-up calls `connect` once the session is loaded; the chat
 * issue replaces this with the codec, the socket state machine and the dispatcher.
 */

export type RealtimeState = "closed" | "open";

export interface RealtimeConnection {
  readonly state: RealtimeState;
  connect(token: string): void;
  close(): void;
}

class PendingRealtime implements RealtimeConnection {
  state: RealtimeState = "closed";
  connect(): void {
    // not built yet: stays closed
  }
  close(): void {
    this.state = "closed";
  }
}

export const realtime: RealtimeConnection = new PendingRealtime();
