/**
 * The realtime socket state machine (attendee-app.md §4, §9; protocol/README.md §2, §7, §8).
 *
 * - Opens only with a token: ticket by `POST /api/v1/amvproto/authenticate` (bearer, 2 s
 *   time-out), then `ws(s)://<host>/realtime/<ticket>` with binary frames.
 * - A check every 5 s reconnects a closed socket. Repeated failures back off (1 s doubling to 30 s,
 *   plus up to 50 % jitter, protocol §7); the 5 s check is the floor, the back-off only delays
 *   attempts further. Failures reset once a socket stayed open for STABLE_MS, because a refused
 *   ticket still opens the socket and closes it at once (protocol §2).
 * - Close codes: 4003 and 4010 (and MAX_ALLOWED_CONNS_REACHED) stop reconnecting, the HTTP poll
 *   carries on; 4005, 4006, 4011 end the session through `onSessionEnd`; 1001 waits 1–5 s.
 * - Heartbeat: PING after 25 s without sending; no PONG 10 s later closes and reconnects.
 * - Non-binary messages are ignored; malformed frames are dropped and logged (§5), and so are
 *   frames whose payload does not fit their opcode (`protocol.ts`): a handler only ever receives
 *   the payload type of the opcode it subscribed to.
 * - Sends go to a queue while closed; a failed send is re-queued and retried after 1 s; the queue
 *   is flushed on open. Chat sends are idempotent by TmpID, so a resend never duplicates.
 * - While closed (and a token exists) the registered fallback poller runs every 15 s.
 */
import { decodeFrame, encodeFrame, FrameError } from "./codec";
import {
  checkPayload,
  type ClientFrameName,
  type ClientPayload,
  type OpcodeName,
  type ServerFrameName,
  type ServerPayload,
} from "./protocol";

export type RealtimeState = "closed" | "open";

export interface SocketLike {
  binaryType: string;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  now(): number;
  random(): number;
}

export interface ConnectionDeps {
  socketFactory: SocketFactory;
  fetchTicket: (token: string, eventId?: string) => Promise<string>;
  socketUrl: (ticket: string) => string;
  timers: Timers;
  log: (message: string, detail?: unknown) => void;
}

export type FrameHandler<N extends ServerFrameName> = (payload: ServerPayload<N>) => void;

export const CHECK_INTERVAL_MS = 5_000;
export const FALLBACK_POLL_MS = 15_000;
export const SEND_RETRY_MS = 1_000;
export const TICKET_TIMEOUT_MS = 2_000;
export const HEARTBEAT_IDLE_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;
export const STABLE_MS = 10_000;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** A cap so a long outage cannot grow the queue without bound; the oldest frames go first. */
const MAX_QUEUE = 500;

const NO_RECONNECT = new Set([4003, 4010]);
const SESSION_END = new Set([4005, 4006, 4011]);

export interface ConnectOptions {
  /** Called with the close code when the server ends the session (4005, 4006, 4011). */
  onSessionEnd?: (code: number) => void;
  /**
   * The event an organizer's socket is for. Console tokens are bound to no event; naming one puts
   * the socket on that event's channels, the organizers' staff channel included (drafts, pending
   * questions, hidden tallies). Attendee tokens carry their event already.
   */
  eventId?: string;
}

export class Connection {
  private token: string | null = null;
  private socket: SocketLike | null = null;
  private opening = false;
  private current: RealtimeState = "closed";
  /** Each set holds handlers of its own opcode only; `subscribe` is the one way in. */
  private handlers = new Map<OpcodeName, Set<(payload: unknown) => void>>();
  private stateListeners = new Set<(state: RealtimeState) => void>();
  private queue: Uint8Array[] = [];
  private retryTimer: unknown = null;
  private checkTimer: unknown = null;
  private pollTimer: unknown = null;
  private poller: (() => void) | null = null;
  private failures = 0;
  private notBefore = 0;
  private openedAt = 0;
  private lastSentAt = 0;
  private pingDeadline: number | null = null;
  private pingText = "";
  private pingCount = 0;
  private stopped = false;
  private options: ConnectOptions = {};
  /** Bumped on every connect/close so a late ticket or socket event of an old attempt is ignored. */
  private generation = 0;

  constructor(private readonly deps: ConnectionDeps) {}

  get state(): RealtimeState {
    return this.current;
  }

  connect(token: string, options: ConnectOptions = {}): void {
    if (!token) return;
    if (this.token === token && this.options.eventId === options.eventId && this.checkTimer !== null) return;
    this.shutdown();
    this.token = token;
    this.options = options;
    this.stopped = false;
    this.failures = 0;
    this.notBefore = 0;
    this.checkTimer = this.deps.timers.setInterval(() => this.check(), CHECK_INTERVAL_MS);
    this.attempt();
  }

  close(): void {
    this.shutdown();
    this.token = null;
    this.queue = [];
  }

  subscribe<N extends ServerFrameName>(name: N, handler: FrameHandler<N>): () => void {
    const set = this.handlers.get(name) ?? new Set<(payload: unknown) => void>();
    // Stored untyped; `receive` calls it only with a payload checked against the same name.
    const stored = handler as (payload: unknown) => void;
    set.add(stored);
    this.handlers.set(name, set);
    return () => {
      set.delete(stored);
    };
  }

  onStateChange(listener: (state: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** The HTTP fallback: called every 15 s while the socket is closed and a token exists. */
  setFallbackPoller(poller: (() => void) | null): void {
    this.poller = poller;
    if (!poller) this.stopPoll();
    else if (this.token && this.current === "closed" && !this.opening) this.startPoll();
  }

  send<N extends ClientFrameName>(name: N, payload: ClientPayload<N>): void {
    const frame = encodeFrame(name, payload);
    if (this.current === "open" && this.trySend(frame)) return;
    this.enqueue(frame);
    if (this.current === "open") this.scheduleRetry();
  }

  // -- internals --------------------------------------------------------------------------------

  private shutdown(): void {
    this.generation += 1;
    const { timers } = this.deps;
    if (this.checkTimer !== null) timers.clearInterval(this.checkTimer);
    if (this.retryTimer !== null) timers.clearTimeout(this.retryTimer);
    this.checkTimer = null;
    this.retryTimer = null;
    this.stopPoll();
    this.opening = false;
    this.pingDeadline = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
    this.setState("closed");
  }

  private check(): void {
    if (!this.token) return;
    const now = this.deps.timers.now();
    if (this.current === "open") {
      if (this.pingDeadline !== null && now >= this.pingDeadline) {
        this.deps.log("realtime: no PONG in time, reconnecting");
        this.socket?.close(4000, "heartbeat");
        this.onClosed(1006, this.generation);
      } else if (this.pingDeadline === null && now - this.lastSentAt >= HEARTBEAT_IDLE_MS) {
        this.pingCount += 1;
        this.pingText = `hb-${this.pingCount}`;
        this.pingDeadline = now + PONG_TIMEOUT_MS;
        this.trySend(encodeFrame("PING", this.pingText));
      }
      return;
    }
    this.attempt();
  }

  private attempt(): void {
    const token = this.token;
    if (!token || this.stopped || this.opening || this.socket) return;
    if (this.deps.timers.now() < this.notBefore) return;
    this.opening = true;
    const generation = this.generation;
    this.deps
      .fetchTicket(token, this.options.eventId)
      .then((ticket) => {
        if (generation !== this.generation) return;
        this.open(ticket, generation);
      })
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        this.deps.log("realtime: no ticket", error);
        this.opening = false;
        this.failed();
        this.startPoll();
      });
  }

  private open(ticket: string, generation: number): void {
    let socket: SocketLike;
    try {
      socket = this.deps.socketFactory(this.deps.socketUrl(ticket));
    } catch (error) {
      this.deps.log("realtime: socket failed", error);
      this.opening = false;
      this.failed();
      this.startPoll();
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.opening = false;
      this.openedAt = this.lastSentAt = this.deps.timers.now();
      this.pingDeadline = null;
      this.stopPoll();
      this.setState("open");
      this.flush();
    };
    socket.onmessage = (event) => {
      if (generation === this.generation) this.receive(event.data);
    };
    socket.onerror = () => {
      // A close event follows; the state changes there.
    };
    socket.onclose = (event) => this.onClosed(event.code, generation);
  }

  private onClosed(code: number, generation: number): void {
    if (generation !== this.generation) return;
    const socket = this.socket;
    if (socket) socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
    const wasOpenFor = this.current === "open" ? this.deps.timers.now() - this.openedAt : 0;
    this.socket = null;
    this.opening = false;
    this.pingDeadline = null;
    this.setState("closed");
    if (SESSION_END.has(code)) {
      const end = this.options.onSessionEnd;
      this.close();
      end?.(code);
      return;
    }
    if (NO_RECONNECT.has(code)) this.stopped = true;
    if (wasOpenFor >= STABLE_MS) this.failures = 0;
    if (code === 1001) {
      // The server is restarting: a random 1–5 s spreads the reconnects (protocol §7).
      this.notBefore = this.deps.timers.now() + 1_000 + this.deps.timers.random() * 4_000;
    } else if (wasOpenFor < STABLE_MS) {
      this.failed();
    }
    this.startPoll();
  }

  private failed(): void {
    this.failures += 1;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** (this.failures - 1));
    this.notBefore = this.deps.timers.now() + base * (1 + 0.5 * this.deps.timers.random());
  }

  private receive(data: unknown): void {
    if (typeof data === "string") return; // non-binary messages are ignored (§2)
    let bytes: Uint8Array;
    if (data instanceof Uint8Array) bytes = data;
    else if (Object.prototype.toString.call(data) === "[object ArrayBuffer]") bytes = new Uint8Array(data as ArrayBuffer);
    else return;
    let frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      if (error instanceof FrameError) {
        this.deps.log(`realtime: frame dropped (${error.code})`, error.message);
        return;
      }
      throw error;
    }
    const checked = checkPayload(frame.name, frame.value);
    if (!checked.ok) {
      this.deps.log(`realtime: ${frame.name} dropped, its payload does not fit the opcode`, checked.error);
      return;
    }
    if (frame.name === "PING") {
      this.trySend(encodeFrame("PONG", checked.value));
      return;
    }
    if (frame.name === "PONG") {
      if (checked.value === this.pingText) this.pingDeadline = null;
      return;
    }
    if (frame.name === "MAX_ALLOWED_CONNS_REACHED") this.stopped = true;
    // Opcodes a client sends (CHAT_MESSAGE_SEND, ...) have no subscribers, so they end here too.
    for (const handler of this.handlers.get(frame.name) ?? []) {
      try {
        handler(checked.value);
      } catch (error) {
        this.deps.log(`realtime: handler for ${frame.name} failed`, error);
      }
    }
  }

  private trySend(frame: Uint8Array): boolean {
    if (!this.socket || this.current !== "open") return false;
    try {
      this.socket.send(frame);
      this.lastSentAt = this.deps.timers.now();
      return true;
    } catch (error) {
      this.deps.log("realtime: send failed", error);
      return false;
    }
  }

  private enqueue(frame: Uint8Array): void {
    this.queue.push(frame);
    if (this.queue.length > MAX_QUEUE) this.queue.shift();
  }

  private flush(): void {
    while (this.queue.length > 0) {
      const frame = this.queue[0];
      if (!frame || !this.trySend(frame)) {
        this.scheduleRetry();
        return;
      }
      this.queue.shift();
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = this.deps.timers.setTimeout(() => {
      this.retryTimer = null;
      if (this.current === "open") this.flush();
    }, SEND_RETRY_MS);
  }

  private startPoll(): void {
    if (!this.token || !this.poller || this.pollTimer !== null) return;
    this.pollTimer = this.deps.timers.setInterval(() => {
      if (!this.token || this.current === "open") {
        this.stopPoll();
        return;
      }
      this.poller?.();
    }, FALLBACK_POLL_MS);
  }

  private stopPoll(): void {
    if (this.pollTimer !== null) this.deps.timers.clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private setState(state: RealtimeState): void {
    if (this.current === state) return;
    this.current = state;
    for (const listener of [...this.stateListeners]) {
      try {
        listener(state);
      } catch (error) {
        this.deps.log("realtime: state listener failed", error);
      }
    }
  }
}
