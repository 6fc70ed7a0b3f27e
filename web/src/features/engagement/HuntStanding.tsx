/**
 * The treasure hunts of the event and where the attendee stands in each: found N of M, points and
 * rank (the server's own figures; nothing here is computed from what the browser claims), and
 * the way to the live leaderboard. Hidden when the event has no hunt.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import { getMe, listHunts, useHuntKeys, type Hunt } from "@/features/treasurehunt";
import type { EngagementT } from "./i18n";

interface Props {
  eventID: string;
  t: EngagementT;
  onOpenLeaderboard: () => void;
}

export function HuntStanding({ eventID, t, onOpenLeaderboard }: Props) {
  const keys = useHuntKeys("venue", eventID);
  const hunts = useQuery({ queryKey: keys.hunts, queryFn: ({ signal }) => listHunts(eventID, signal) });
  const list: Hunt[] = hunts.data ?? [];
  const standings = useQueries({
    queries: list.map((hunt) => ({ queryKey: keys.me(hunt.ID), queryFn: ({ signal }: { signal: AbortSignal }) => getMe(eventID, hunt.ID, signal) })),
  });
  if (hunts.isPending || list.length === 0) return null;
  return (
    <section className="engagement__part" aria-labelledby="engagement-hunt">
      <h2 id="engagement-hunt">{t("hunt")}</h2>
      <ul className="engagement__hunts">
        {list.map((hunt, index) => {
          const me = standings[index]?.data;
          return (
            <li key={hunt.ID} className="engagement__card">
              <h3>
                {hunt.Title}
                {!hunt.IsOpen && <span className="engagement__tag">{t("huntClosed")}</span>}
              </h3>
              <p>{t("huntProgress", { found: me?.Found ?? hunt.MyFound, total: me?.ItemCount ?? hunt.ItemCount, score: me?.Score ?? hunt.MyScore })}</p>
              <p>{me?.Rank ? t("huntRank", { rank: me.Rank }) : t("huntUnranked")}</p>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button" onClick={onOpenLeaderboard}>
        {t("leaderboard")}
      </button>
    </section>
  );
}
