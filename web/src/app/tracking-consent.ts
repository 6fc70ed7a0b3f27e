/**
 * Keeps page-view tracking (`lib/tracking.ts`) in step with the visitor's statistics consent
 * (`features/consent`): a saved choice applies at once, not after a reload. Bound once at start-up.
 *
 * Venuely's own statistics (`features/analytics`) are bound here too: they follow the same
 * consent, run only while an attendee is logged in, ping only while the window has focus, and
 * count the sidebar panels and media frames attendee-app.md §2 names as usage.
 */
import { useSession } from "@/features/accounts";
import { setAnalyticsConsent, setAnalyticsEvent, setAnalyticsFocus, trackUsage, type UsageScreen } from "@/features/analytics";
import { useConsent } from "@/features/consent";
import { setStatisticsConsent } from "@/lib/tracking";
import { useLayout, type MediaFrame, type RightPanel } from "./frame/layout-store";

export function bindTrackingConsent(): () => void {
  setStatisticsConsent(useConsent.getState().statistics);
  return useConsent.subscribe((state, previous) => {
    if (state.statistics !== previous.statistics) setStatisticsConsent(state.statistics);
  });
}

/** Sidebar panels and media frames that count as usage of a named screen. */
const PANEL_USAGE: Partial<Record<RightPanel, UsageScreen>> = {
  chat: "chat",
  agenda: "agenda",
  speaker: "speakers",
  cinema: "cinema",
  replays: "replays",
};
const FRAME_USAGE: Record<MediaFrame, UsageScreen> = { cinema: "cinema", replays: "replays", walloffame: "walloffame" };

function loggedInEvent(): string | null {
  const { token, claims } = useSession.getState();
  return token && claims ? claims.eventId : null;
}

// Our own statistics need a choice the visitor made: the spec's default (statistics on until a
// choice is saved) drives the external tracker as before, but the server keeps nothing for a
// visitor who never answered (docs/subsystems/personal-data.md), so nothing is sent either.
const consented = (state: { isSaved: boolean; statistics: boolean }) => state.isSaved && state.statistics;

export function bindAnalytics(): () => void {
  setAnalyticsConsent(consented(useConsent.getState()));
  setAnalyticsEvent(loggedInEvent());

  const visible = () => document.visibilityState !== "hidden";
  setAnalyticsFocus(visible() && document.hasFocus());
  const onFocus = () => setAnalyticsFocus(visible());
  const onBlur = () => setAnalyticsFocus(false);
  const onVisibility = () => setAnalyticsFocus(visible() && document.hasFocus());
  window.addEventListener("focus", onFocus);
  window.addEventListener("blur", onBlur);
  document.addEventListener("visibilitychange", onVisibility);

  const unbind = [
    useConsent.subscribe((state, previous) => {
      if (consented(state) !== consented(previous)) setAnalyticsConsent(consented(state));
    }),
    useSession.subscribe(() => setAnalyticsEvent(loggedInEvent())),
    useLayout.subscribe((state, previous) => {
      const panel = state.rightSidebar;
      if (panel !== previous.rightSidebar && panel !== null) {
        const usage = PANEL_USAGE[panel];
        if (usage) trackUsage(usage);
      }
      const frame = state.mediaMenu.frame;
      if (frame !== previous.mediaMenu.frame && frame !== null) trackUsage(FRAME_USAGE[frame]);
    }),
  ];
  return () => {
    window.removeEventListener("focus", onFocus);
    window.removeEventListener("blur", onBlur);
    document.removeEventListener("visibilitychange", onVisibility);
    for (const stop of unbind) stop();
  };
}
