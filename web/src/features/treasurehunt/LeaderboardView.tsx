/**
 * The right sidebar's `leaderboard` panel (a lazy chunk; the frame gives the event and the
 * signed-in person): the event's hunts — a picker when there are several, the main hunt first
 * chosen — and the chosen hunt's board with the caller's progress. Live by ranking frames.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadState } from "@/components/LoadState";
import { SelectField } from "@/components/SelectField";
import { listHunts, useHuntKeys } from "./api";
import { HuntBoard } from "./HuntBoard";
import { useHuntT } from "./i18n";
import { useRankingFrames, useRereadOnReconnect } from "./live";
import { pickHunt } from "./model";
import "./treasurehunt.css";

export default function LeaderboardView({ eventID, me }: { eventID: string; me: string }) {
  const t = useHuntT();
  const keys = useHuntKeys("venue", eventID);
  useRankingFrames(eventID, keys);
  useRereadOnReconnect(keys);
  const hunts = useQuery({ queryKey: keys.hunts, queryFn: ({ signal }) => listHunts(eventID, signal) });
  const [chosen, setChosen] = useState<string | null>(null);

  if (!hunts.data) return <LoadState query={hunts} loadingText={t("board.loading")} failedText={t("board.failed")} />;
  const hunt = pickHunt(hunts.data, chosen);
  if (!hunt) return <p className="hunt-board__none">{t("board.none")}</p>;
  return (
    <div className="hunt-board">
      {hunts.data.length > 1 ? (
        <SelectField label={t("board.pick")} value={hunt.ID} onChange={(e) => setChosen(e.target.value)}>
          {hunts.data.map((h) => (
            <option key={h.ID} value={h.ID}>
              {h.Title}
            </option>
          ))}
        </SelectField>
      ) : null}
      {/* Keyed: another hunt starts with its own reads and its own error state. */}
      <HuntBoard key={hunt.ID} eventID={eventID} hunt={hunt} me={me} keys={keys} />
    </div>
  );
}
