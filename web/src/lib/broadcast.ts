/**
 * Cross-tab messages. Channel names follow the spec: `{store}_generic`, or `{store}_{suffix}`
 * when a suffix is given (e.g. to keep two apps on one origin apart).
 */

export type StoreName = "jwtStore" | "eventStore" | "themeStore";

export function channelName(store: StoreName, suffix = "generic"): string {
  return `${store}_${suffix}`;
}

export interface Channel<T> {
  post(message: T): void;
  subscribe(handler: (message: T) => void): () => void;
  close(): void;
}

/** A typed BroadcastChannel; a no-op where the browser has none. */
export function openChannel<T>(store: StoreName, suffix?: string): Channel<T> {
  if (typeof BroadcastChannel === "undefined") {
    return { post: () => undefined, subscribe: () => () => undefined, close: () => undefined };
  }
  const channel = new BroadcastChannel(channelName(store, suffix));
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (handler) => {
      const listener = (event: MessageEvent<T>) => handler(event.data);
      channel.addEventListener("message", listener);
      return () => channel.removeEventListener("message", listener);
    },
    close: () => channel.close(),
  };
}
