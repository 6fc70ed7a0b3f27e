/**
 * The replays (attendee-app.md §2, §4): the recordings of sessions that have ended, grouped by
 * event day (the day's number and its date, DD.MM.YYYY), each with the session's title, times
 * (in the attendee's zone, §9) and speakers from the agenda; choosing one plays it above the list.
 *
 * A recording is listed from the moment its session ends (docs/subsystems/media.md), a time every
 * client knows, so there is no push: the list is read again when the end of a session this client
 * knows passes — spread over a few seconds, so a whole audience does not ask in the same one.
 */
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { useDisplayZone } from "@/features/accounts";
import { formatTime } from "@/lib/dates";
import { agendaOfDay, listReplays, type AgendaSpeaker, type Replay } from "./api";
import { groupByDay, localDateLabel, untilNextEnd } from "./live";
import { useMediaT } from "./media-i18n";
import { Poster } from "./CinemaPanel";
import { VideoPlayer } from "./VideoPlayer";
import "./media.css";

/** The re-read after a session's end falls somewhere in this window. */
export const REPLAYS_REFETCH_SPREAD_MS = 5000;

export interface ReplaysPanelProps {
  eventID: string;
  /**
   * The sessions this client knows (the sessions store's list): when one of them ends, its
   * recording may appear, and the list is read again.
   */
  sessions?: readonly { DateEnd: string }[];
  /** The spread's randomness; injectable for tests. */
  random?: () => number;
}

export const replaysQueryKey = (eventID: string) => ["media", "replays", eventID] as const;

const speakerName = (speaker: AgendaSpeaker) =>
  speaker.FullName || [speaker.FirstName, speaker.LastName].filter(Boolean).join(" ") || speaker.Title || "";

/** Session id → its speakers' names, from the agenda of every day the replays fall on. */
function useSpeakers(eventID: string, days: readonly number[]): Map<string, string[]> {
  return useQueries({
    queries: days.map((day) => ({
      queryKey: ["media", "agenda", eventID, day] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => agendaOfDay(eventID, day, signal),
    })),
    combine: (results) => {
      const names = new Map<string, string[]>();
      for (const result of results) {
        for (const entry of result.data ?? []) names.set(entry.ID, (entry.Speakers ?? []).map(speakerName).filter(Boolean));
      }
      return names;
    },
  });
}

/** Reads the replays again once the next of `ends` has passed, and so on for each later end. */
function useRefetchAtEnds(eventID: string, ends: readonly string[], random: () => number): void {
  const client = useQueryClient();
  const [passed, setPassed] = useState(0);
  // The list itself changes identity on every push; only the times matter.
  const key = [...ends].sort().join("|");
  useEffect(() => {
    const delay = untilNextEnd(key ? key.split("|") : [], Date.now());
    if (delay === null) return;
    const timer = setTimeout(
      () => {
        void client.invalidateQueries({ queryKey: replaysQueryKey(eventID) });
        setPassed((n) => n + 1);
      },
      delay + Math.floor(random() * REPLAYS_REFETCH_SPREAD_MS),
    );
    return () => clearTimeout(timer);
  }, [client, eventID, key, random, passed]);
}

const titleOf = (replay: Replay) => replay.Session.Title || replay.Session.InternalName || replay.Video.Title;

export function ReplaysPanel({ eventID, sessions, random = Math.random }: ReplaysPanelProps) {
  const { t, language } = useMediaT();
  const zone = useDisplayZone();
  const ids = useId();
  const [playingID, setPlayingID] = useState<string | null>(null);
  const query = useQuery({
    queryKey: replaysQueryKey(eventID),
    queryFn: ({ signal }) => listReplays(eventID, undefined, signal),
    enabled: eventID !== "",
    refetchOnMount: "always",
  });
  const days = useMemo(() => groupByDay(query.data ?? []), [query.data]);
  const speakers = useSpeakers(
    eventID,
    days.map((day) => day.dayNumber),
  );
  const ends = useMemo(
    () => [
      ...(sessions ?? []).map((session) => session.DateEnd),
      // An organizer also sees recordings of sessions still running; they end too.
      ...(query.data ?? []).flatMap((replay) => (!replay.IsEnded && replay.Session.DateEnd ? [replay.Session.DateEnd] : [])),
    ],
    [sessions, query.data],
  );
  useRefetchAtEnds(eventID, ends, random);

  if (query.isPending) return <p role="status">{t("replays.loading")}</p>;
  if (query.isError) {
    return (
      <div className="media-panel__state" role="alert">
        <p>{t("replays.loadFailed")}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="media-panel__state">{t("replays.empty")}</p>;
  const playing = query.data.find((replay) => replay.SessionID === playingID) ?? null;
  const times = (replay: Replay) =>
    replay.Session.DateBegin && replay.Session.DateEnd
      ? t("replays.time", { begin: formatTime(replay.Session.DateBegin, language, zone), end: formatTime(replay.Session.DateEnd, language, zone) })
      : "";

  return (
    <div className="media-panel" data-panel="replays">
      {playing ? (
        <section className="media-panel__stage" aria-label={t("replays.nowPlaying")}>
          <VideoPlayer key={playing.SessionID} video={playing.Video} autoPlay />
          <div className="media-panel__stage-head">
            <h3>{titleOf(playing)}</h3>
            <button type="button" className="icon-button" aria-label={t("replays.close")} onClick={() => setPlayingID(null)}>
              ×
            </button>
          </div>
        </section>
      ) : null}
      {days.map((day) => (
        <section key={day.dayNumber} className="media-day" aria-labelledby={`${ids}-day-${day.dayNumber}`}>
          <h3 id={`${ids}-day-${day.dayNumber}`} className="media-day__title">
            {t("replays.day", { day: day.dayNumber, date: localDateLabel(day.date) })}
          </h3>
          <ul className="media-list">
            {day.replays.map((replay) => {
              const names = speakers.get(replay.SessionID) ?? [];
              return (
                <li key={replay.SessionID}>
                  <button
                    type="button"
                    className="media-card"
                    aria-current={playing?.SessionID === replay.SessionID ? "true" : undefined}
                    aria-describedby={`${ids}-${replay.SessionID}`}
                    onClick={() => setPlayingID(replay.SessionID)}
                  >
                    <Poster url={replay.Video.PosterURL} />
                    <span className="media-card__text">
                      <span className="media-card__title">{titleOf(replay)}</span>
                      {/* The button is named by the title (the visible label); the details are its
                          description, so they are kept out of the name. */}
                      <span id={`${ids}-${replay.SessionID}`} className="media-card__details" aria-hidden="true">
                        {/* The spaces keep the parts apart in the description read aloud. */}
                        <span className="media-card__meta">{times(replay)}</span>{" "}
                        {names.length > 0 ? <span className="media-card__meta">{t("replays.speakers", { names: names.join(", ") })}</span> : null}{" "}
                        {!replay.IsEnded ? <span className="media-card__note">{t("replays.notYetPublic")}</span> : null}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
