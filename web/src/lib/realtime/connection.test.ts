import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { decodeFrame, encodeFrame } from "./codec";
import {
  CHECK_INTERVAL_MS,
  Connection,
  FALLBACK_POLL_MS,
  HEARTBEAT_IDLE_MS,
  PONG_TIMEOUT_MS,
  SEND_RETRY_MS,
  type SocketLike,
} from "./connection";

class FakeSocket implements SocketLike {
  binaryType = "blob";
  sent: Uint8Array[] = [];
  closed: number | null = null;
  failSends = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: Uint8Array): void {
    if (this.failSends) throw new Error("socket is not open");
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.closed = code;
  }
  // test helpers
  open(): void {
    this.onopen?.({});
  }
  serverClose(code: number): void {
    this.onclose?.({ code });
  }
  receive(data: unknown): void {
    this.onmessage?.({ data });
  }
  frames(): { name: string; value: unknown }[] {
    return this.sent.map((bytes) => decodeFrame(bytes));
  }
}

let sockets: FakeSocket[];
let tickets: number;
let ticketFails: boolean;
let log: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>;

function make(): Connection {
  return new Connection({
    socketFactory: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetchTicket: (token, eventId) => {
      tickets += 1;
      const bound = eventId ? `${eventId}-` : "";
      return ticketFails ? Promise.reject(new Error("offline")) : Promise.resolve(`ticket-${bound}${token}-${tickets}`);
    },
    socketUrl: (ticket) => `ws://host/realtime/${ticket}`,
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      now: () => Date.now(),
      random: () => 0,
    },
    log,
  });
}

const last = (): FakeSocket => {
  const socket = sockets.at(-1);
  if (!socket) throw new Error("no socket");
  return socket;
};

async function openNew(connection: Connection, token = "tok"): Promise<FakeSocket> {
  connection.connect(token);
  await vi.advanceTimersByTimeAsync(0);
  last().open();
  return last();
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  tickets = 0;
  ticketFails = false;
  log = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("opening", () => {
  it("opens only with a token, with a ticket in the URL and binary frames", async () => {
    const connection = make();
    connection.connect("");
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(sockets).toHaveLength(0);
    expect(tickets).toBe(0);

    connection.connect("tok");
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe("ws://host/realtime/ticket-tok-1");
    expect(last().binaryType).toBe("arraybuffer");
    expect(connection.state).toBe("closed");
    last().open();
    expect(connection.state).toBe("open");
  });

  it("reconnects at the next 5 s check after a close, with a fresh ticket", async () => {
    const connection = make();
    const first = await openNew(connection);
    first.serverClose(1006);
    expect(connection.state).toBe("closed");
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe("ws://host/realtime/ticket-tok-2");
  });

  it("backs off beyond the 5 s check when the server keeps refusing", async () => {
    const connection = make();
    connection.connect("tok");
    await vi.advanceTimersByTimeAsync(0);
    // Each attempt opens and is closed at once (a refused ticket): failures double the delay.
    for (let i = 0; i < 6; i++) {
      last().open();
      last().serverClose(4001);
      const before = sockets.length;
      await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
      if (sockets.length === before) break;
    }
    const count = sockets.length;
    // 1, 2, 4 s fit in one check each; 8 s does not: the next check is skipped.
    expect(count).toBe(4);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(sockets).toHaveLength(5);
  });

  it("does not reconnect after MAX_CONNECTIONS or ORIGIN_REFUSED", async () => {
    const connection = make();
    const socket = await openNew(connection);
    socket.receive(encodeFrame("MAX_ALLOWED_CONNS_REACHED", { Limit: 5, Scope: "PERSON" }));
    socket.serverClose(4010);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 20);
    expect(sockets).toHaveLength(1);
  });

  it("ends the session on 4005 / 4006 / 4011 and stops", async () => {
    const connection = make();
    const ended = vi.fn();
    connection.connect("tok", { onSessionEnd: ended });
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().serverClose(4011);
    expect(ended).toHaveBeenCalledWith(4011);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 4);
    expect(sockets).toHaveLength(1);
  });

  it("asks for a ticket bound to the event it names, and reconnects when the event changes", async () => {
    const connection = make();
    connection.connect("tok", { eventId: "ev1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toBe("ws://host/realtime/ticket-ev1-tok-1");
    last().open();
    connection.connect("tok", { eventId: "ev1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    connection.connect("tok", { eventId: "ev2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe("ws://host/realtime/ticket-ev2-tok-2");
  });

  it("close() stops everything", async () => {
    const connection = make();
    const socket = await openNew(connection);
    connection.close();
    expect(socket.closed).toBe(1000);
    expect(connection.state).toBe("closed");
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 4);
    expect(sockets).toHaveLength(1);
  });
});

describe("fallback poll", () => {
  it("polls every 15 s while closed and stops once open again", async () => {
    const connection = make();
    const poll = vi.fn();
    connection.setFallbackPoller(poll);
    ticketFails = true;
    connection.connect("tok");
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS - 1);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
    expect(poll).toHaveBeenCalledTimes(2);

    ticketFails = false;
    // after five failed tickets (t = 0…25 s) the back-off is 16 s: the check at 45 s gets through
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(sockets).toHaveLength(1);
    last().open();
    const calls = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(calls);
  });

  it("stops when the token is gone", async () => {
    const connection = make();
    const poll = vi.fn();
    connection.setFallbackPoller(poll);
    const socket = await openNew(connection);
    socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
    const calls = poll.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    connection.close();
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(calls);
  });
});

describe("frames", () => {
  it("dispatches decoded payloads by opcode name", async () => {
    const connection = make();
    const handler = vi.fn();
    const off = connection.subscribe("ACTIVITY_SYNC_NOTIFY", handler);
    const socket = await openNew(connection);
    const activity = { ID: "a", EventID: "e", Type: "Session", InternalName: "talk" };
    socket.receive(encodeFrame("ACTIVITY_SYNC_NOTIFY", activity).buffer);
    expect(handler).toHaveBeenCalledWith(activity);
    off();
    socket.receive(encodeFrame("ACTIVITY_SYNC_NOTIFY", { ...activity, ID: "b" }).buffer);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("drops and logs a frame whose payload does not fit its opcode, and hands on the fields it names", async () => {
    const connection = make();
    const handler = vi.fn();
    connection.subscribe("CHAT_MESSAGE_DELETE_NOTIFY", handler);
    const socket = await openNew(connection);
    const notice = { ID: "m", DeleterID: "p", ReceiverIDs: [], ChatroomID: "r" };
    socket.receive(encodeFrame("CHAT_MESSAGE_DELETE_NOTIFY", { ID: "m", ChatroomID: "r" }).buffer);
    socket.receive(encodeFrame("CHAT_MESSAGE_DELETE_NOTIFY", "not json").buffer);
    expect(handler).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("CHAT_MESSAGE_DELETE_NOTIFY dropped"), "DeleterID: expected a string");
    socket.receive(encodeFrame("CHAT_MESSAGE_DELETE_NOTIFY", { ...notice, Later: "field" }).buffer);
    expect(handler).toHaveBeenCalledWith(notice);
    expect(connection.state).toBe("open");
  });

  it("types handlers and sends by opcode", () => {
    const connection = make();
    connection.subscribe("CHAT_MESSAGE_READ_NOTIFY", (info) => expectTypeOf(info.PersonID).toEqualTypeOf<string>());
    // @ts-expect-error a READ payload is not a SEND payload
    connection.send("CHAT_MESSAGE_SEND", { ChatroomID: "r", LastReadChatMessageID: "m" });
    // @ts-expect-error features do not subscribe to a frame only clients send
    connection.subscribe("CHAT_MESSAGE_SEND", () => undefined);
  });

  it("ignores non-binary data and drops malformed frames with a log line", async () => {
    const connection = make();
    const handler = vi.fn();
    connection.subscribe("ERROR", handler);
    const socket = await openNew(connection);
    socket.receive(JSON.stringify({ Error: { Code: "X" } }));
    expect(handler).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    const frame = encodeFrame("ERROR", { Error: { Code: "X" } });
    frame[3] = (frame[3] ?? 0) ^ 1;
    socket.receive(frame.buffer);
    expect(handler).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("BAD_CHECKSUM"), expect.anything());
    expect(socket.sent).toHaveLength(0); // a client never answers a malformed frame
    expect(connection.state).toBe("open");
  });

  it("answers a PING with a PONG carrying the same text", async () => {
    const connection = make();
    const socket = await openNew(connection);
    socket.receive(encodeFrame("PING", "hb-7").buffer);
    expect(socket.frames()).toEqual([expect.objectContaining({ name: "PONG", value: "hb-7" })]);
  });

  it("pings after 25 s idle and reconnects when no PONG comes within 10 s", async () => {
    const connection = make();
    const socket = await openNew(connection);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS);
    const ping = socket.frames().find((f) => f.name === "PING");
    expect(ping).toBeDefined();
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS);
    expect(connection.state).toBe("closed");
    expect(socket.closed).not.toBeNull();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it("keeps the connection when the PONG answers", async () => {
    const connection = make();
    const socket = await openNew(connection);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS);
    const ping = socket.frames().find((f) => f.name === "PING");
    socket.receive(encodeFrame("PONG", ping?.value).buffer);
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS);
    expect(connection.state).toBe("open");
    expect(sockets).toHaveLength(1);
  });
});

describe("send queue", () => {
  it("queues while closed and flushes on open", async () => {
    const connection = make();
    connection.send("CHAT_MESSAGE_SEND", { TmpID: "t1", ChatroomID: "r", Text: "hi" });
    connection.connect("tok");
    await vi.advanceTimersByTimeAsync(0);
    expect(last().sent).toHaveLength(0);
    last().open();
    expect(last().frames()).toEqual([
      expect.objectContaining({ name: "CHAT_MESSAGE_SEND", value: { TmpID: "t1", ChatroomID: "r", Text: "hi" } }),
    ]);
  });

  it("re-queues a failed send and retries it after 1 s", async () => {
    const connection = make();
    const socket = await openNew(connection);
    socket.failSends = true;
    connection.send("CHAT_MESSAGE_READ", { ChatroomID: "r", LastReadChatMessageID: "m" });
    expect(socket.sent).toHaveLength(0);
    socket.failSends = false;
    await vi.advanceTimersByTimeAsync(SEND_RETRY_MS - 1);
    expect(socket.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.frames()).toEqual([expect.objectContaining({ name: "CHAT_MESSAGE_READ" })]);
  });
});
