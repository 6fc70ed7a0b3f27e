/**
 * Reading a list again after a burst of realtime frames, once: frames only signal (the server's
 * REST answer is the truth, and some frames lack what a list shows), so a live screen asks for a
 * reread when one arrives — and a storm of them must cost one request, not one each. The
 * returned function marks a query for a reread `delayMs` after the first mark; further marks of
 * the same query before then are absorbed. Pending rereads are dropped when the screen unmounts.
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

export function useCoalescedReread(delayMs: number): (queryKey: QueryKey) => void {
  const client = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (queryKey: QueryKey) => {
      const id = JSON.stringify(queryKey);
      if (timers.current.has(id)) return;
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          void client.invalidateQueries({ queryKey });
        }, delayMs),
      );
    },
    [client, delayMs],
  );
}
