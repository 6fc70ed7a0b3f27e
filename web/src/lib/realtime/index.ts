/**
 * The realtime connection: the binary frame codec, the socket state machine and a dispatcher.
 * Start-up calls `connect` once the session is loaded. Features subscribe to the server frames they
 * care about (ACTIVITY_SYNC_NOTIFY, PANO_EVENT_VAR_SYNC, PANO_ATTENDEE_VAR_SYNC, chat NOTIFYs) by
 * opcode name; the handler receives the decoded payload (parsed JSON for JSON frames, else text).
 */

export type RealtimeState = "closed" | "open";

export type ServerOpcodeName =
  | "ERROR"
  | "CHATROOM_CREATE_NOTIFY"
  | "CHAT_MESSAGE_SEND_NOTIFY"
  | "CHAT_MESSAGE_SEND_ERROR"
  | "CHAT_MESSAGE_EDIT_NOTIFY"
  | "CHAT_MESSAGE_EDIT_ERROR"
  | "CHAT_MESSAGE_DELETE_NOTIFY"
  | "CHAT_MESSAGE_DELETE_ERROR"
  | "CHAT_MESSAGE_READ_NOTIFY"
  | "PANO_EVENT_VAR_SYNC"
  | "PANO_ATTENDEE_VAR_SYNC"
  | "ACTIVITY_SYNC_NOTIFY";

export type FrameHandler = (payload: unknown) => void;

export interface RealtimeConnection {
  readonly state: RealtimeState;
  connect(token: string): void;
  close(): void;
  /** Registers a handler for one server opcode; returns the unsubscribe function. */
  subscribe(opcode: ServerOpcodeName, handler: FrameHandler): () => void;
}

class PendingRealtime implements RealtimeConnection {
  state: RealtimeState = "closed";
  private handlers = new Map<ServerOpcodeName, Set<FrameHandler>>();
  connect(): void {
    // replaced by the socket state machine (chat work)
  }
  close(): void {
    this.state = "closed";
  }
  subscribe(opcode: ServerOpcodeName, handler: FrameHandler): () => void {
    const set = this.handlers.get(opcode) ?? new Set<FrameHandler>();
    set.add(handler);
    this.handlers.set(opcode, set);
    return () => set.delete(handler);
  }
}

export const realtime: RealtimeConnection = new PendingRealtime();
