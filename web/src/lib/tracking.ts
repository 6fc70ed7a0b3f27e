/**
 * Page-view tracking (a Matomo-compatible tracker, as the event's Tracking {URL, SiteID} names).
 * Injected only when the event configures tracking and the visitor allowed statistics.
 */

type Command = unknown[];
interface TrackerWindow {
  _paq?: Command[];
}

let injectedFor: string | null = null;

function queue(): Command[] {
  const w = window as unknown as TrackerWindow;
  w._paq ??= [];
  return w._paq;
}

export function injectTracker(url: string, siteID: string): void {
  if (!url || !siteID || injectedFor === url) return;
  let base: URL;
  try {
    base = new URL(url.endsWith("/") ? url : `${url}/`);
  } catch {
    return;
  }
  if (base.protocol !== "https:" && base.protocol !== "http:") return;
  injectedFor = url;
  queue().push(["setTrackerUrl", new URL("matomo.php", base).href], ["setSiteId", siteID]);
  const script = document.createElement("script");
  script.async = true;
  script.src = new URL("matomo.js", base).href;
  document.head.appendChild(script);
}

export function trackPageView(path: string, title: string): void {
  if (!injectedFor) return;
  queue().push(["setCustomUrl", path], ["setDocumentTitle", title], ["trackPageView"]);
}
