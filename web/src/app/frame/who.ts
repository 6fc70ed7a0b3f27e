import { useSession } from "@/features/accounts";
import { useVenueEvent } from "@/features/venue";

/**
 * The event and the signed-in person, as the frame hands them to a feature's lazy page or panel
 * (help desk, Wall of Fame, leaderboard); either is "" until the session and event are loaded.
 */
export function useFrameWho(): { eventID: string; me: string } {
  const eventID = useVenueEvent()?.EventID ?? "";
  const me = useSession((s) => s.claims?.personId) ?? "";
  return { eventID, me };
}
