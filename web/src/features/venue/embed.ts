/**
 * How the venue frames an organizer's page (/iframe and /page/{slug}). The page is the
 * organizer's, so it may run scripts, send forms, open popups (which leave the sandbox, so a link
 * opened in a new tab works normally) and go fullscreen; it gets no camera, microphone or
 * location. A page on the app's own origin is sandboxed without `allow-same-origin`: with
 * scripts it could otherwise lift its own sandbox and read the attendee's token from storage.
 */

export const EMBED_ALLOW = "fullscreen; autoplay; encrypted-media; picture-in-picture; clipboard-write";

const BASE_SANDBOX = "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-presentation";

/** The sandbox for a framed page at `url`; anything that is not another origin counts as ours. */
export function embedSandbox(url: string, appOrigin: string = window.location.origin): string {
  let origin: string;
  try {
    origin = new URL(url, appOrigin).origin;
  } catch {
    origin = appOrigin;
  }
  return origin === appOrigin || origin === "null" ? BASE_SANDBOX : `${BASE_SANDBOX} allow-same-origin`;
}

/** Only http(s) addresses are framed; anything else (`javascript:`, `data:`) is not a page. */
export const isFramable = (url: unknown): url is string => typeof url === "string" && /^https?:\/\/[^\s/?#]+\S*$/i.test(url.trim());
