/**
 * The current time as React state, re-read every `intervalMs`: for screens whose text depends on
 * the clock itself ("live now", "starts in 5 min"), not only on data that changes.
 */
import { useEffect, useState } from "react";

export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
