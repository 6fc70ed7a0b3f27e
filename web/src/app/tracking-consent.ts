/**
 * Keeps page-view tracking (`lib/tracking.ts`) in step with the visitor's statistics consent
 * (`features/consent`): a saved choice applies at once, not after a reload. Bound once at start-up.
 */
import { useConsent } from "@/features/consent";
import { setStatisticsConsent } from "@/lib/tracking";

export function bindTrackingConsent(): () => void {
  setStatisticsConsent(useConsent.getState().statistics);
  return useConsent.subscribe((state, previous) => {
    if (state.statistics !== previous.statistics) setStatisticsConsent(state.statistics);
  });
}
