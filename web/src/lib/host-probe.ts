/**
 * Whether the host of an embedded page answers. A cross-origin frame that cannot load still fires
 * `load` (showing the browser's error page), so the frame cannot tell; a `no-cors` request to the
 * same origin can: it resolves (with an opaque answer) when the host answers, and rejects when the
 * network cannot reach it. Offline counts as unreachable without asking; no answer within
 * `timeoutMs` counts as unreachable too. Both the session player and the media player ask this
 * before they show a frame.
 */

/** How long the host of an embed may take to answer before it counts as unreachable. */
export const EMBED_PROBE_TIMEOUT_MS = 8000;

export const isOffline = (): boolean => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * `resolve` turns the frame's `src` into the http(s) page it really loads (null: nothing outside
 * to ask about, which counts as answering); it gets the probe's own signal.
 */
export async function hostAnswers(
  src: string,
  signal: AbortSignal,
  timeoutMs = EMBED_PROBE_TIMEOUT_MS,
  resolve: (src: string, signal: AbortSignal) => Promise<string | null> = async (s) => s,
): Promise<boolean> {
  if (isOffline()) return false;
  const probe = new AbortController();
  const stop = () => probe.abort();
  signal.addEventListener("abort", stop);
  const timer = setTimeout(stop, timeoutMs);
  try {
    const target = await resolve(src, probe.signal);
    if (!target) return true;
    await fetch(new URL("/", target).href, { mode: "no-cors", cache: "no-store", credentials: "omit", signal: probe.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", stop);
  }
}
