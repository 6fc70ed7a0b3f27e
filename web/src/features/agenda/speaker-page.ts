/**
 * The in-panel speaker page's state: which speaker is open, and the element that opened it. The
 * list stays mounted (hidden) under the page, so Back finds that element where it was and gives
 * it the focus again — the attendee continues exactly where they left the list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Speaker } from "./api";

export function useSpeakerPage() {
  const [speaker, setSpeaker] = useState<Speaker | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((next: Speaker, from: HTMLElement) => {
    opener.current = from;
    setSpeaker(next);
  }, []);
  const back = useCallback(() => setSpeaker(null), []);
  useEffect(() => {
    if (speaker || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [speaker]);
  return { speaker, show, back };
}
