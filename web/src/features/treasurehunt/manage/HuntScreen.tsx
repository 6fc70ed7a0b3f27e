/**
 * The console's Treasure hunt section (`/manage/events/:eventId/treasurehunt`, under the event's
 * page heading, so its own heading is an h2): the event's hunts, creating, renaming, rescheduling
 * and deleting one, and for the hunt chosen its items (placed on the tour's rooms with a preview)
 * and its leaderboard, live, with the CSV export. The main hunt is chosen first.
 */
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { useBoardFrames } from "./board-frames";
import { HuntDeletion } from "./HuntDeletion";
import { type Hunt, type HuntKeys, listHunts, useHuntKeys } from "../api";
import { pickHunt } from "../model";
import { type HuntEvent, huntEventQuery } from "./api";
import { HuntDialog } from "./HuntDialog";
import { HuntList } from "./HuntList";
import { useManageT } from "./i18n";
import { ItemsPanel } from "./ItemsPanel";
import { RankingsPanel } from "./RankingsPanel";
import "./manage.css";

export function HuntScreen({ eventId }: { eventId: string }) {
  const t = useManageT();
  const keys = useHuntKeys("console", eventId);
  const event = useQuery(huntEventQuery(keys, eventId));
  const hunts = useQuery({ queryKey: keys.hunts, queryFn: ({ signal }) => listHunts(eventId, signal) });
  useBoardFrames(eventId, keys);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Both are needed before anything can be shown; a retry asks again only for what failed.
  const failed = [event, hunts].filter((q) => q.isError && q.data === undefined);
  const loadable = {
    isPending: event.isPending || hunts.isPending,
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: event.data && hunts.data ? true : undefined,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
  return (
    <div className="hunt-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      <LoadState query={loadable} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {event.data && hunts.data ? <HuntsEditor event={event.data} hunts={hunts.data} keys={keys} /> : null}
    </div>
  );
}

function HuntsEditor({ event, hunts, keys }: { event: HuntEvent; hunts: Hunt[]; keys: HuntKeys }) {
  const [chosen, setChosen] = useState<string | null>(null);
  // The dialog open: a new hunt (`null`) or that hunt's title and schedule.
  const [editing, setEditing] = useState<{ hunt: Hunt | null } | null>(null);
  const [deleting, setDeleting] = useState<Hunt | null>(null);
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  const timeZone = event.TimeZone || "UTC";
  const hunt = pickHunt(hunts, chosen);

  const choose = (id: string) => {
    setChosen(id);
    // The organizer asked to work on that hunt's items: take them there.
    requestAnimationFrame(() => itemsHeading.current?.focus());
  };

  return (
    <>
      <HuntList
        hunts={hunts}
        chosen={hunt?.ID ?? null}
        timeZone={timeZone}
        onChoose={choose}
        onAdd={() => setEditing({ hunt: null })}
        onDetails={(h) => setEditing({ hunt: h })}
        onDelete={setDeleting}
      />
      {hunt ? (
        <>
          <ItemsPanel key={`items-${hunt.ID}`} event={event} hunt={hunt} keys={keys} headingRef={itemsHeading} />
          <RankingsPanel key={`board-${hunt.ID}`} eventId={event.ID} hunt={hunt} keys={keys} />
        </>
      ) : null}
      {editing ? (
        <HuntDialog
          eventId={event.ID}
          timeZone={timeZone}
          keys={keys}
          hunt={editing.hunt ?? undefined}
          onClose={(saved) => {
            const created = editing.hunt === null;
            setEditing(null);
            if (saved && created) choose(saved);
          }}
        />
      ) : null}
      {deleting ? (
        <HuntDeletion
          eventId={event.ID}
          hunt={deleting}
          keys={keys}
          onClose={(deleted) => {
            setDeleting(null);
            if (deleted && chosen === deleting.ID) setChosen(null);
          }}
        />
      ) : null}
    </>
  );
}
