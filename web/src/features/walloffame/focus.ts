/**
 * Moving the focus to where a view change leads — an opened project's heading, the gallery entry
 * one came back to — once that element is on screen. The target may appear only after its data
 * arrives (a project read from the server), so a request waits for it with a MutationObserver on
 * the page's root, and a newer request replaces an older one. Selectors are tried in order: the
 * first is the wish (the entry one came from), the next the fallback (the list's heading).
 */
import { useCallback, useEffect, useRef } from "react";

export function useFocusAfter() {
  const root = useRef<HTMLDivElement>(null);
  const observer = useRef<MutationObserver | null>(null);

  const stop = useCallback(() => {
    observer.current?.disconnect();
    observer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const request = useCallback(
    (...selectors: string[]) => {
      stop();
      const attempt = (): boolean => {
        const base = root.current;
        if (!base) return false;
        for (const selector of selectors) {
          const target = base.querySelector<HTMLElement>(selector);
          if (target) {
            target.focus();
            return true;
          }
        }
        return false;
      };
      // The new view renders after this call returns: watch the page until its target is there
      // (mutation callbacks run after React's commit, never in the middle of it), and try once
      // more after the current task in case the commit changed nothing (the target was there).
      const watch = new MutationObserver(() => {
        if (attempt()) stop();
      });
      observer.current = watch;
      if (root.current) watch.observe(root.current, { childList: true, subtree: true });
      setTimeout(() => {
        if (observer.current === watch && attempt()) stop();
      }, 0);
    },
    [stop],
  );

  return { root, request };
}
