import { useCallback, useRef, useState } from "react";

/**
 * Prevents double submits: while one submission runs, further ones are ignored (a ref, so two
 * clicks in the same tick cannot both pass), and `busy` disables the button.
 */
export function useSubmitLock() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/** Focuses the first invalid control of a form after validation. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
