import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useConsent } from "@/features/consent";
import { configureTracker, resetTracking, trackPageView } from "@/lib/tracking";
import { bindTrackingConsent } from "./tracking-consent";

const TRACKER = "https://stats.example.org/";
const paq = () => (window as unknown as { _paq?: unknown[][] })._paq ?? [];
const commands = () => paq().map((command) => command[0]);
const pageViews = () => commands().filter((name) => name === "trackPageView").length;
const trackerScripts = () => document.head.querySelectorAll(`script[src="${TRACKER}matomo.js"]`).length;
const choose = (statistics: boolean) => useConsent.getState().save({ functional: true, statistics });

describe("page-view tracking follows statistics consent without a reload", () => {
  let unbind: () => void;
  beforeEach(() => {
    resetTracking();
    document.head.innerHTML = "";
  });
  afterEach(() => {
    unbind();
    resetTracking();
    useConsent.setState({ isSaved: false, functional: true, statistics: true });
  });

  it("stops at once when consent is withdrawn and starts again when it is given", () => {
    choose(true);
    unbind = bindTrackingConsent();
    configureTracker(TRACKER, "7");
    expect(commands()).toEqual(["requireConsent", "setTrackerUrl", "setSiteId", "setConsentGiven"]);
    trackPageView("/demo/lobby", "Lobby");
    expect(pageViews()).toBe(1);

    choose(false);
    expect(commands().at(-1)).toBe("forgetConsentGiven");
    trackPageView("/demo/faq", "FAQ");
    trackPageView("/demo/expo", "Expo");
    expect(pageViews()).toBe(1);

    choose(true);
    expect(commands().at(-1)).toBe("setConsentGiven");
    trackPageView("/demo/helpdesk", "Help desk");
    expect(pageViews()).toBe(2);
    expect(paq().at(-3)).toEqual(["setCustomUrl", "/demo/helpdesk"]);
    expect(trackerScripts()).toBe(1);
  });

  it("loads no tracker without consent, and loads it once consent is given", () => {
    choose(false);
    unbind = bindTrackingConsent();
    configureTracker(TRACKER, "7");
    trackPageView("/demo/lobby", "Lobby");
    expect(trackerScripts()).toBe(0);
    expect(paq()).toEqual([]);

    choose(true);
    expect(trackerScripts()).toBe(1);
    trackPageView("/demo/lobby", "Lobby");
    expect(pageViews()).toBe(1);
  });

  it("ignores a tracker URL that is not http(s)", () => {
    unbind = bindTrackingConsent();
    configureTracker("javascript:alert(1)", "7");
    trackPageView("/demo/lobby", "Lobby");
    expect(trackerScripts()).toBe(0);
    expect(paq()).toEqual([]);
  });
});
