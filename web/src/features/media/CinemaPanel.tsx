/**
 * The cinema (attendee-app.md §2, §4): the event's videos in the organizers' order, each with its
 * poster, title and duration; choosing one plays it above the list. It is the content of the
 * cinema slider page (the right sidebar) and of the /cinema module page.
 *
 * The list is read each time the panel opens (there is no realtime frame for media: cinema changes
 * are rare, docs/subsystems/media.md).
 *
 * `slide` / `onSlideChange` let the frame own what is shown (the layout store's slide of the
 * slider page, which loading the page resets): 0 is the list alone, n the n-th video playing.
 * Without them the panel keeps that itself.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { getCinema, type Video } from "./api";
import { formatDuration } from "./live";
import { useMediaT } from "./media-i18n";
import { VideoPlayer } from "./VideoPlayer";
import "./media.css";

export interface CinemaPanelProps {
  eventID: string;
  slide?: number;
  onSlideChange?: (slide: number) => void;
}

export const cinemaQueryKey = (eventID: string) => ["media", "cinema", eventID] as const;

export function CinemaPanel({ eventID, slide: controlled, onSlideChange }: CinemaPanelProps) {
  const { t } = useMediaT();
  const listID = useId();
  const [own, setOwn] = useState(0);
  const slide = controlled ?? own;
  const setSlide = onSlideChange ?? setOwn;
  const query = useQuery({
    queryKey: cinemaQueryKey(eventID),
    queryFn: ({ signal }) => getCinema(eventID, signal),
    enabled: eventID !== "",
    // Opening the panel reads the cinema again (no push tells of changes).
    refetchOnMount: "always",
  });

  if (query.isPending) return <p role="status">{t("cinema.loading")}</p>;
  if (query.isError) {
    return (
      <div className="media-panel__state" role="alert">
        <p>{t("cinema.loadFailed")}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  const videos = query.data;
  if (videos.length === 0) return <p className="media-panel__state">{t("cinema.empty")}</p>;
  const playing: Video | null = slide > 0 ? (videos[slide - 1] ?? null) : null;

  return (
    <div className="media-panel" data-panel="cinema">
      {playing ? (
        <section className="media-panel__stage" aria-label={t("cinema.nowPlaying")}>
          <VideoPlayer video={playing} autoPlay />
          <div className="media-panel__stage-head">
            <h3>{playing.Title}</h3>
            <button type="button" className="icon-button" aria-label={t("cinema.close")} onClick={() => setSlide(0)}>
              ×
            </button>
          </div>
          {playing.Description ? <p className="media-panel__description">{playing.Description}</p> : null}
        </section>
      ) : null}
      <ul className="media-list" aria-label={t("cinema.list")}>
        {videos.map((video, index) => (
          <li key={video.ID}>
            <button
              type="button"
              className="media-card"
              aria-current={playing?.ID === video.ID ? "true" : undefined}
              aria-describedby={video.DurationSeconds !== null ? `${listID}-${index}` : undefined}
              onClick={() => setSlide(index + 1)}
            >
              <Poster url={video.PosterURL} />
              <span className="media-card__text">
                <span className="media-card__title">{video.Title}</span>
                {video.DurationSeconds !== null ? (
                  <>
                    <span className="media-card__meta" aria-hidden="true">
                      {formatDuration(video.DurationSeconds)}
                    </span>
                    {/* The description only (aria-describedby reads hidden text); the name is the title. */}
                    <span id={`${listID}-${index}`} className="visually-hidden" aria-hidden="true">
                      {t("cinema.duration", { duration: formatDuration(video.DurationSeconds) })}
                    </span>
                  </>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The poster, or a plain frame of the same size (an external video may have none). */
export function Poster({ url }: { url: string }) {
  // Decorative: the card's label names the video.
  return url ? <img className="media-card__poster" src={url} alt="" loading="lazy" /> : <span className="media-card__poster media-card__poster--none" aria-hidden="true" />;
}
