/**
 * Keeps the server's copy of the attendee's consent (`PUT /events/{E}/consent`, which the
 * event's own analytics reads) in step with the choice made in the browser: once when a token
 * is there (start-up with a stored token, or a fresh login) and whenever a signed-in attendee
 * saves another choice. The local choice applies at once either way; a failed sync is only
 * logged — the next save or login sends it again. Nothing is sent before the attendee has made a
 * choice.
 */
import { currentToken, useSession } from "@/features/accounts";
import { useConsent } from "@/features/consent";
import { putConsent } from "./api";

function sync(): void {
  const { eventID, token } = useSession.getState();
  if (!eventID || !token) return;
  const { isSaved, functional, statistics } = useConsent.getState();
  // The defaults before a choice are not consent: the server keeps no record, so collects nothing.
  if (!isSaved) return;
  putConsent(eventID, { Functional: functional, Statistics: statistics }).catch((error: unknown) => {
    console.warn("the consent choice could not be stored on the server", error);
  });
}

/** Bound once at start-up, after the session is read; returns the unbinding. */
export function bindConsentSync(): () => void {
  if (currentToken()) sync();
  const offSession = useSession.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) sync();
  });
  const offConsent = useConsent.subscribe((state, previous) => {
    const saved = state.isSaved && (!previous.isSaved || state.functional !== previous.functional || state.statistics !== previous.statistics);
    if (saved) sync();
  });
  return () => {
    offSession();
    offConsent();
  };
}
