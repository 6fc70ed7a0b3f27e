/**
 * The breakout rooms in the venue frame (docs/subsystems/web-breakouts.md), each a lazy chunk of
 * the breakouts feature: the right sidebar's `breakoutroom` slider page, the /breakoutroom page
 * and the status line under the top menu (the room the person is in while no breakout view is
 * shown, and what organizers did to their presence). The frame hands them the event and the
 * signed-in person, and "Show the room" opens the slider page (never toggling it closed).
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "@/features/accounts";
import { useVenueEvent } from "@/features/venue";
import { useLayout } from "./layout-store";

const BreakoutsView = lazy(() => import("@/features/breakouts/BreakoutsView"));
const BreakoutStatus = lazy(() => import("@/features/breakouts/BreakoutStatus"));

function useWho(): { eventID: string; me: string } {
  const eventID = useVenueEvent()?.EventID ?? "";
  const me = useSession((s) => s.claims?.personId) ?? "";
  return { eventID, me };
}

/** The slider page and the page alike: the rooms, and the room the person is in. */
export function BreakoutsPanel() {
  const { t } = useTranslation();
  const { eventID, me } = useWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <BreakoutsView eventID={eventID} me={me} />
    </Suspense>
  );
}

/** A module function, so its identity never changes: shows the slider page after the whitelist check. */
const showBreakouts = () => void useLayout.getState().showRight("breakoutroom");

export function BreakoutStatusLine() {
  const { eventID, me } = useWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={null}>
      <BreakoutStatus eventID={eventID} me={me} onShow={showBreakouts} />
    </Suspense>
  );
}
