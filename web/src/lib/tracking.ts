/**
 * Page-view tracking (a Matomo-compatible tracker, as the event's Tracking {URL, SiteID} names).
 * It runs only while two things hold: the event configures tracking (`configureTracker`) and the
 * visitor gives statistics consent (`setStatisticsConsent`, bound to the consent store by
 * `app/tracking-consent.ts`). Withdrawing consent stops page views at once, without a reload;
 * giving it again starts them again.
 *
 * The tracker script is also told (`requireConsent`, then `setConsentGiven` /
 * `forgetConsentGiven`), so once loaded it sends nothing and keeps no cookie without consent either.
 */

type Command = unknown[];
interface TrackerWindow {
  _paq?: Command[];
}

let config: { url: string; siteID: string } | null = null;
let consent = false;
let injectedFor: string | null = null;
let consentGiven = false;

function queue(): Command[] {
  const w = window as unknown as TrackerWindow;
  w._paq ??= [];
  return w._paq;
}

function trackerBase(url: string): URL | null {
  try {
    const base = new URL(url.endsWith("/") ? url : `${url}/`);
    return base.protocol === "https:" || base.protocol === "http:" ? base : null;
  } catch {
    return null;
  }
}

function inject(url: string, siteID: string): void {
  const base = trackerBase(url);
  if (!base) return;
  injectedFor = url;
  queue().push(["requireConsent"], ["setTrackerUrl", new URL("matomo.php", base).href], ["setSiteId", siteID]);
  const script = document.createElement("script");
  script.async = true;
  script.src = new URL("matomo.js", base).href;
  document.head.appendChild(script);
}

function apply(): void {
  const active = consent && config !== null;
  if (active && config && injectedFor !== config.url) inject(config.url, config.siteID);
  if (!injectedFor || active === consentGiven) return;
  consentGiven = active;
  queue().push([active ? "setConsentGiven" : "forgetConsentGiven"]);
}

/** The event's tracker; loaded once statistics consent is (or already was) given. */
export function configureTracker(url: string, siteID: string): void {
  if (!url || !siteID) return;
  config = { url, siteID };
  apply();
}

/** Follows the visitor's statistics consent; takes effect for the next page view. */
export function setStatisticsConsent(given: boolean): void {
  consent = given;
  apply();
}

export function trackPageView(path: string, title: string): void {
  if (!consent || !injectedFor) return;
  queue().push(["setCustomUrl", path], ["setDocumentTitle", title], ["trackPageView"]);
}

/** Test helper: forget the configuration, the consent and the loaded tracker. */
export function resetTracking(): void {
  config = null;
  consent = false;
  injectedFor = null;
  consentGiven = false;
  delete (window as unknown as TrackerWindow)._paq;
}
