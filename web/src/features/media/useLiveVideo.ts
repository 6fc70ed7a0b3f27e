/**
 * The stream call of a `Video` session (docs/subsystems/media.md, "Simulated live"): read when the
 * session plays, with the moment the answer arrived noted on the monotonic `performance.now()`
 * clock, and read again when the tab comes back after being hidden (a hidden tab's media and timers
 * are throttled, so the picture may have drifted from the channel).
 */
import { useEffect, useState } from "react";
import { getLiveVideo, isMediaExpired, type LiveVideo } from "./api";
import { monotonic, type LiveClock } from "./live";

export type LiveVideoState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; live: LiveVideo; clock: LiveClock }
  /** The call failed; `error` is the `ApiError` / `NetworkError` (410 is `MEDIA_EXPIRED`). */
  | { kind: "error"; error: unknown };

/**
 * `enabled` false (another conference type, or a session whose stream fields have not come yet)
 * asks nothing. `now` is injectable for tests.
 */
export function useLiveVideo(eventID: string, sessionID: string, enabled: boolean, now: () => number = monotonic): LiveVideoState {
  const key = `${eventID}:${sessionID}`;
  const [result, setResult] = useState<{ key: string; state: LiveVideoState } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let controller: AbortController | null = null;
    let hidden = document.visibilityState === "hidden";
    let ready = false;
    const read = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      getLiveVideo(eventID, sessionID, current.signal)
        .then((live) => {
          if (current.signal.aborted) return;
          ready = true;
          setResult({ key, state: { kind: "ready", live, clock: { offset: live.Offset, at: now(), loop: live.Loop } } });
        })
        .catch((error: unknown) => {
          if (current.signal.aborted) return;
          // A failed resync keeps the picture playing, unless the session is over.
          if (ready && !isMediaExpired(error)) return;
          setResult({ key, state: { kind: "error", error } });
        });
    };
    const onVisibility = () => {
      const nowHidden = document.visibilityState === "hidden";
      if (hidden && !nowHidden) read();
      hidden = nowHidden;
    };
    read();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, eventID, sessionID, key, now]);

  if (!enabled) return { kind: "idle" };
  return result?.key === key ? result.state : { kind: "loading" };
}
