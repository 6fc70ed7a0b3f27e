/**
 * The time the agenda's live badges are computed at. It ticks with the sessions' own tick
 * (§9: 1000 ms), so "Live" appears on the agenda in the same second the screen starts playing.
 * Rows are memoized on what they show, so a tick re-renders only the rows whose state changed.
 */
import { useEffect, useState } from "react";
import { SESSION_TICK_MS } from "@/features/sessions";

export function useNow(intervalMs: number = SESSION_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
