/**
 * The treasure hunt in the venue frame (docs/subsystems/web-treasurehunt.md), each a lazy chunk
 * of the treasurehunt feature: the hidden items of the room shown (handed to the room as its
 * `roomItems`, so the venue never imports the hunt) and the right sidebar's leaderboard. The
 * frame gives them the event and the signed-in person.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RoomItemsHost } from "@/features/venue/room-items";
import { useFrameWho } from "./who";

const RoomItems = lazy(() => import("@/features/treasurehunt/RoomItems"));
const LeaderboardView = lazy(() => import("@/features/treasurehunt/LeaderboardView"));

/** RoomFrame's `roomItems`: a module function, so the room sees the same one on every render. */
export function treasureRoomItems(host: RoomItemsHost): ReactNode {
  if (!host.eventID) return null;
  // The hunt's props are the venue's host by shape; this line is where the two must fit.
  return (
    <Suspense fallback={null}>
      <RoomItems eventID={host.eventID} nodeID={host.nodeID} onChange={host.onChange} />
    </Suspense>
  );
}

/** The `leaderboard` panel: the event's hunts, their boards, live. */
export function LeaderboardPanel() {
  const { t } = useTranslation();
  const { eventID, me } = useFrameWho();
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <LeaderboardView eventID={eventID} me={me} />
    </Suspense>
  );
}
