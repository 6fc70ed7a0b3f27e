/**
 * Window messages from a photobooth (attendee-app.md §5): a booth embedded in the venue (a web
 * element's page, the over page, an iframe module) asks the app to act by posting a text. Only a
 * message from the configured origin — any origin when it is `*` — whose data is exactly the
 * configured text is taken; everything else is ignored without a trace, since any page in any
 * frame may post to this window.
 */
import type { PhotoboothConfig } from "./links";

export type BoothAction = { openPopup: boolean; goTo: string | null };

function sameOrigin(configured: string, origin: string): boolean {
  if (configured === "*") return true;
  try {
    return new URL(configured).origin === origin;
  } catch {
    return false;
  }
}

/** What to do for a message, or null when the booth does not wait for one or it is not its. */
export function boothMessageAction(booth: PhotoboothConfig | null | undefined, origin: string, data: unknown): BoothAction | null {
  if (!booth?.ExpectPostMessage || !booth.PostMessageText || !booth.PostMessageDomain) return null;
  if (typeof data !== "string" || data !== booth.PostMessageText) return null;
  if (!sameOrigin(booth.PostMessageDomain, origin)) return null;
  if (!booth.OnClickOpenPopup && !booth.OnClickGoToPanorama) return null;
  // "Go to panorama" names a room of the venue's tour (PanoID); empty means the start room.
  return { openPopup: booth.OnClickOpenPopup === true, goTo: booth.OnClickGoToPanorama ? (booth.PanoID ?? "") : null };
}
