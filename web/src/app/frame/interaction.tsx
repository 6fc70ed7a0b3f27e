/**
 * The polls in the venue frame (docs/subsystems/web-interaction.md): the left sidebar's poll
 * panel and the "a poll has opened" notices, both lazy chunks of the polls feature. The frame
 * knows where the attendee is — the room entered last and the sessions playing on its screens —
 * and hands it to them; the Q&A and reactions sit in the player instead (`pages.tsx`).
 */
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { PollWhere } from "@/features/polls";
import { useSessions } from "@/features/sessions";
import { nodeByID, useTour, useVenueEvent } from "@/features/venue";
import { afterAccessCheck, useLayout } from "./layout-store";

const PollPanel = lazy(() => import("@/features/polls/PollPanel"));
const PollNotifier = lazy(() => import("@/features/polls/PollNotifier"));

/**
 * Where the attendee is, for the polls. Decision: the room entered last, also while a page
 * without a room (the FAQ, the start page) is shown, since that is where they will be back.
 */
export function usePollWhere(): PollWhere {
  const event = useVenueEvent();
  const room = useLayout((s) => s.room);
  const tour = useTour(event?.PanoURL || undefined);
  const running = useSessions((s) => s.running);
  const data = tour.data;
  return useMemo(() => {
    const node = room && data ? nodeByID(data.tour, room) : null;
    const sessionIDs = (node?.screens ?? []).flatMap((screen) => {
      const id = running[screen.screenID];
      return id ? [id] : [];
    });
    return { nodeID: room, sessionIDs };
  }, [room, data, running]);
}

export function PollSidebar() {
  const { t } = useTranslation();
  const eventID = useVenueEvent()?.EventID ?? "";
  const where = usePollWhere();
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <PollPanel eventID={eventID} where={where} />
    </Suspense>
  );
}

/**
 * Shows the poll panel as a request shows a right panel: after the whitelist check, and never
 * toggling it closed (a module function, so its identity never changes).
 */
const showPolls = () => void afterAccessCheck(() => useLayout.setState({ leftSidebar: "poll" }));

export function PollNotices() {
  const eventID = useVenueEvent()?.EventID;
  const where = usePollWhere();
  const panelOpen = useLayout((s) => s.leftSidebar === "poll");
  if (!eventID) return null;
  return (
    <Suspense fallback={null}>
      <PollNotifier eventID={eventID} where={where} panelOpen={panelOpen} onOpenPanel={showPolls} />
    </Suspense>
  );
}
