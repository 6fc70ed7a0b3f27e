/**
 * A stand-in for the `realtime` connection in feature tests. `deliver` runs a frame through the
 * same payload checker the real connection uses, so a test cannot hand a feature a shape the
 * protocol does not allow; `sent` records what the feature sent. Used only by tests:
 *
 * ```ts
 * import type * as Realtime from "@/lib/realtime";
 * vi.mock("@/lib/realtime", async (importOriginal) => ({
 *   ...(await importOriginal<typeof Realtime>()),
 *   realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
 * }));
 * ```
 */
import type { RealtimeConnection, RealtimeState } from "./index";
import { checkPayload, type ClientFrameName, type ClientPayload, type ServerFrameName, type ServerPayload } from "./protocol";

type Handler = (payload: unknown) => void;
type StateListener = (state: RealtimeState) => void;

export interface FakeRealtime extends RealtimeConnection {
  sent: { name: ClientFrameName; payload: unknown }[];
  poller: (() => void) | null;
  deliver<N extends ServerFrameName>(name: N, payload: ServerPayload<N>): void;
  sentOf<N extends ClientFrameName>(name: N): ClientPayload<N>[];
  /** Opens or closes the fake socket and tells the state listeners (`reset` opens it again, silently). */
  setState(state: RealtimeState): void;
  reset(): void;
}

const handlers = new Map<string, Set<Handler>>();
const stateListeners = new Set<StateListener>();
let state: RealtimeState = "open";

export const fakeRealtime: FakeRealtime = {
  get state() {
    return state;
  },
  sent: [],
  poller: null,
  connect: () => undefined,
  close: () => undefined,
  subscribe(name, handler) {
    const set = handlers.get(name) ?? new Set<Handler>();
    const stored = handler as Handler;
    set.add(stored);
    handlers.set(name, set);
    return () => {
      set.delete(stored);
    };
  },
  send(name, payload) {
    fakeRealtime.sent.push({ name, payload });
  },
  onStateChange(listener) {
    stateListeners.add(listener);
    return () => {
      stateListeners.delete(listener);
    };
  },
  setFallbackPoller(poller) {
    fakeRealtime.poller = poller;
  },
  deliver(name, payload) {
    const checked = checkPayload(name, payload);
    if (!checked.ok) throw new Error(`${name} in this test does not fit the protocol: ${checked.error}`);
    for (const handler of handlers.get(name) ?? []) handler(checked.value);
  },
  sentOf<N extends ClientFrameName>(name: N) {
    return fakeRealtime.sent.filter((frame) => frame.name === name).map((frame) => frame.payload as ClientPayload<N>);
  },
  setState(next) {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  },
  reset() {
    state = "open";
    fakeRealtime.sent.length = 0;
    fakeRealtime.poller = null;
  },
};
