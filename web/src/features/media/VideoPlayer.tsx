/**
 * One video, played the way its `Kind` needs (docs/subsystems/media.md, "Players by Video.Kind"):
 * MP4 in a `<video>` (the server answers byte ranges, so seeking works); HLS natively where the
 * browser has it (Safari, iOS) and otherwise through hls.js, fetched as its own lazy chunk only
 * then; YouTube and Vimeo in a frame of the embed URL the server answered.
 *
 * Whatever goes wrong — a media error, a fatal hls.js error, a load that never finishes, an embed
 * host that cannot be reached — the player shows a translated error state with Try again, never a
 * blank black box or the browser's error page inside a frame.
 *
 * `live` plays a `Video` session as simulated live: the position comes from the stream call's
 * clock (`live.ts`), playback starts muted (the only autoplay browsers allow) with our own unmute
 * button, there is no seek UI, and a looping stream starts again from 0 at its end.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { hostAnswers, isOffline } from "@/lib/host-probe";
import type { Video } from "./api";
import { choosePlayer, clockPosition, embedURL, monotonic, type LiveClock, type TypeProbe } from "./live";
import { useMediaT, type MediaKey } from "./media-i18n";
import "./media.css";

/** How long a video may take to show its first frame before the player gives up on it. */
export const LOAD_TIMEOUT_MS = 20_000;

export type PlayerVideo = Pick<Video, "ID" | "Title" | "Kind" | "URL" | "PosterURL" | "DurationSeconds">;

export interface VideoPlayerProps {
  video: PlayerVideo;
  /** Simulated live (a `Video` session); changing it (a resync) moves the picture to the new position. */
  live?: LiveClock;
  /** Seconds to start at (not live). */
  startAt?: number;
  /** Start playing at once (not live: the attendee chose the video, so sound is allowed). */
  autoPlay?: boolean;
  /** The `performance.now()` clock the live position is measured on; injectable for tests. */
  now?: () => number;
}

export type ErrorReason = "network" | "load" | "media" | "unsupported" | "timeout" | "source";

// A shared probe element: asking `canPlayType` needs a `<video>`, not a mounted one.
let typeProbe: TypeProbe | null = null;
const probe = (): TypeProbe => (typeProbe ??= document.createElement("video"));

export function VideoPlayer({ video, live, startAt, autoPlay = false, now = monotonic }: VideoPlayerProps) {
  const { t } = useMediaT();
  const choice = choosePlayer(video, probe());
  let body: ReactNode;
  if (choice.kind === "invalid") body = <PlayerError reason="source" />;
  else if (choice.kind === "iframe") {
    body = <EmbedPlayer key={`${video.ID}:${choice.src}`} kind={video.Kind === "vimeo" ? "vimeo" : "youtube"} url={choice.src} video={video} live={live} startAt={startAt} autoPlay={autoPlay} now={now} />;
  } else {
    body = (
      <ElementPlayer
        key={`${video.ID}:${choice.src}`}
        src={choice.src}
        engine={choice.kind}
        video={video}
        live={live}
        startAt={startAt}
        autoPlay={autoPlay}
        now={now}
      />
    );
  }
  return (
    <div className="media-player" role="region" aria-label={t("player.label", { title: video.Title })} data-kind={video.Kind} data-live={live ? "true" : undefined}>
      {body}
    </div>
  );
}

function PlayerError({ reason, onRetry }: { reason: ErrorReason; onRetry?: () => void }) {
  const { t } = useMediaT();
  return (
    <div className="media-player__overlay media-player__overlay--error" role="alert" data-reason={reason}>
      <p>
        <strong>{t("player.errorTitle")}</strong>
      </p>
      <p>{t(`player.errors.${reason}` as MediaKey)}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t("player.retry")}
        </button>
      ) : null}
    </div>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="media-player__overlay" role="status">
      <span className="media-player__spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}


/** What a `<video>` element's error means to the attendee (MediaError codes). */
export function mediaErrorReason(error: MediaError | null): ErrorReason | null {
  if (isOffline()) return "network";
  switch (error?.code) {
    case 1: // MEDIA_ERR_ABORTED: the load was stopped on purpose (a new source, unmounting)
      return null;
    case 2: // MEDIA_ERR_NETWORK
      return "network";
    case 3: // MEDIA_ERR_DECODE
      return "media";
    default: // MEDIA_ERR_SRC_NOT_SUPPORTED is also what a 404 or a refused file looks like
      return "load";
  }
}

type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "ended" } | { kind: "error"; reason: ErrorReason };

interface ElementPlayerProps {
  src: string;
  engine: "native" | "hls.js";
  video: PlayerVideo;
  live: LiveClock | undefined;
  startAt: number | undefined;
  autoPlay: boolean;
  now: () => number;
}

function ElementPlayer({ src, engine, video, live, startAt, autoPlay, now }: ElementPlayerProps) {
  const { t } = useMediaT();
  const ref = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [buffering, setBuffering] = useState(false);
  const [muted, setMuted] = useState(live !== undefined);
  const [blocked, setBlocked] = useState(false);
  // The metadata arrived for this attempt: the load timeout no longer applies.
  const loaded = useRef(false);
  // Playback was started for this attempt (the load events may come again after a seek).
  const started = useRef(false);
  // A live stream that does not loop is past its end: nothing starts it again.
  const over = useRef(false);

  const fail = useCallback((reason: ErrorReason) => {
    setPhase((current) => (current.kind === "error" ? current : { kind: "error", reason }));
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    let detach: (() => void) | null = null;
    loaded.current = false;
    started.current = false;
    over.current = false;
    const timer = setTimeout(() => {
      if (!cancelled && !loaded.current) fail(isOffline() ? "network" : "timeout");
    }, LOAD_TIMEOUT_MS);
    if (engine === "native") {
      element.src = src;
      detach = () => element.removeAttribute("src");
    } else {
      import("hls.js")
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            fail("unsupported");
            return;
          }
          const hls = new Hls();
          detach = () => hls.destroy();
          let recovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal || cancelled) return;
            // hls.js can often rebuild the media pipeline after a decode error; try once.
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              hls.recoverMediaError();
              return;
            }
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) fail(isOffline() ? "network" : "load");
            else fail("media");
          });
          hls.loadSource(src);
          hls.attachMedia(element);
        })
        // The chunk itself did not arrive (offline, a deploy replaced it).
        .catch(() => fail(isOffline() ? "network" : "load"));
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
      detach?.();
    };
  }, [src, engine, attempt, fail]);

  const play = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // jsdom and old engines return nothing; browsers reject when autoplay is not allowed.
    const playing = element.play() as Promise<void> | undefined;
    playing?.then(
      () => setBlocked(false),
      () => setBlocked(true),
    );
  }, []);

  /** Moves the picture to where the channel is now; false when the stream is already over. */
  const syncToLive = useCallback(
    (element: HTMLVideoElement, clock: LiveClock): boolean => {
      const duration = video.DurationSeconds ?? (Number.isFinite(element.duration) ? element.duration : null);
      const position = clockPosition(clock, now(), duration);
      if (!clock.loop && duration !== null && position >= duration) {
        over.current = true;
        setPhase({ kind: "ended" });
        return false;
      }
      element.currentTime = position;
      return true;
    },
    [video.DurationSeconds, now],
  );

  // A resync (the tab came back) brings a new clock: move there once the element can seek.
  useEffect(() => {
    const element = ref.current;
    if (!live || !element || element.readyState < 1 /* HAVE_METADATA */) return;
    if (syncToLive(element, live) && started.current) play();
  }, [live, syncToLive, play]);

  // Ready from the metadata on: iOS loads no frame before `play()` (it ignores preload), so
  // waiting for `loadeddata` there would never start a stream. Later waits show as buffering.
  const start = () => {
    loaded.current = true;
    if (over.current) return;
    setPhase((current) => (current.kind === "loading" ? { kind: "ready" } : current));
    if (started.current) return;
    started.current = true;
    if (live || autoPlay) play();
  };

  const onLoadedMetadata = () => {
    const element = ref.current;
    if (!element) return;
    if (live && !syncToLive(element, live)) {
      loaded.current = true; // the end is shown; nothing is loading any more
      return;
    }
    if (!live && startAt !== undefined && startAt > 0) element.currentTime = startAt;
    start();
  };

  const onError = () => {
    const reason = mediaErrorReason(ref.current?.error ?? null);
    if (reason) fail(reason);
  };

  const onEnded = () => {
    const element = ref.current;
    if (!live || !element) return;
    if (live.loop) {
      // The channel runs on: start again from 0 (a short gap is fine).
      element.currentTime = 0;
      play();
    } else {
      over.current = true;
      setPhase({ kind: "ended" });
    }
  };

  const retry = () => {
    setPhase({ kind: "loading" });
    setBuffering(false);
    setBlocked(false);
    setAttempt((n) => n + 1);
  };

  const toggleSound = () => {
    const element = ref.current;
    if (!element) return;
    element.muted = !muted;
    setMuted(!muted);
    // Unmuting is a user gesture: the moment a blocked autoplay may start.
    if (element.paused) play();
  };

  return (
    <>
      <video
        ref={ref}
        className="media-player__video"
        poster={video.PosterURL || undefined}
        controls={!live && phase.kind === "ready"}
        muted={muted}
        playsInline
        preload="auto"
        // Casting would hand a live stream to a device with its own seek bar and clock.
        disableRemotePlayback={live !== undefined}
        aria-hidden={phase.kind === "error" ? true : undefined}
        onLoadedMetadata={onLoadedMetadata}
        onLoadedData={start}
        onError={onError}
        onEnded={onEnded}
        onWaiting={() => setBuffering(true)}
        onPlaying={() => {
          setBuffering(false);
          setBlocked(false);
        }}
      />
      {phase.kind === "loading" ? <Loading text={t("player.loading")} /> : null}
      {phase.kind === "ready" && buffering ? <Loading text={t("player.buffering")} /> : null}
      {phase.kind === "error" ? <PlayerError reason={phase.reason} onRetry={retry} /> : null}
      {phase.kind === "ended" ? (
        <div className="media-player__overlay" role="status">
          <p>{t("player.ended")}</p>
        </div>
      ) : null}
      {live && phase.kind === "ready" ? (
        <div className="media-player__controls">
          {blocked ? (
            <button type="button" className="button" onClick={play}>
              {t("player.play")}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" aria-pressed={!muted} onClick={toggleSound}>
            {muted ? t("player.unmute") : t("player.mute")}
          </button>
        </div>
      ) : null}
    </>
  );
}

type EmbedState = "checking" | "ready" | "unavailable";

const FRAME_ALLOW = "autoplay; fullscreen; picture-in-picture; encrypted-media";
// Scripts and their own origin are what the players need; popups let "watch on YouTube" open.
const FRAME_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox";

interface EmbedPlayerProps {
  kind: "youtube" | "vimeo";
  url: string;
  video: PlayerVideo;
  live: LiveClock | undefined;
  startAt: number | undefined;
  autoPlay: boolean;
  now: () => number;
}

function EmbedPlayer({ kind, url, video, live, startAt, autoPlay, now }: EmbedPlayerProps) {
  const { t } = useMediaT();
  const frame = useRef<HTMLIFrameElement>(null);
  // Fixed when the frame first loads: a resync would reload the whole embed, and a frame player
  // keeps running in a hidden tab anyway.
  const [src] = useState(() =>
    embedURL(kind, url, {
      start: live ? clockPosition(live, now(), video.DurationSeconds) : startAt,
      live: live ? { loop: live.loop } : undefined,
      autoplay: autoPlay,
    }),
  );
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; state: EmbedState } | null>(null);
  const [muted, setMuted] = useState(true);
  const state: EmbedState = result?.attempt === attempt ? result.state : "checking";

  useEffect(() => {
    const controller = new AbortController();
    void hostAnswers(src, controller.signal).then((answers) => {
      if (!controller.signal.aborted) setResult({ attempt, state: answers ? "ready" : "unavailable" });
    });
    const onOffline = () => setResult({ attempt, state: "unavailable" });
    const onOnline = () => setAttempt((n) => n + 1);
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      controller.abort();
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [src, attempt]);

  // Live YouTube has no controls (no seeking), so its sound is ours to switch, through the
  // players' postMessage APIs (YouTube's needs `enablejsapi=1`, set by `embedURL`).
  const toggleSound = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const origin = new URL(src).origin;
    const next = !muted;
    if (kind === "youtube") {
      target.postMessage(JSON.stringify({ event: "command", func: next ? "mute" : "unMute", args: [] }), origin);
    } else {
      target.postMessage(JSON.stringify({ method: "setMuted", value: next }), origin);
      if (!next) target.postMessage(JSON.stringify({ method: "setVolume", value: 1 }), origin);
    }
    setMuted(next);
  };

  if (state === "checking") return <Loading text={t("player.loading")} />;
  if (state === "unavailable") return <PlayerError reason="network" onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <>
      <iframe
        ref={frame}
        className="media-player__frame"
        src={src}
        title={video.Title}
        allow={FRAME_ALLOW}
        sandbox={FRAME_SANDBOX}
        // YouTube refuses to play embeds that send no referrer; the origin is all it gets.
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
      {live ? (
        <div className="media-player__controls">
          <button type="button" className="button button--secondary" aria-pressed={!muted} onClick={toggleSound}>
            {muted ? t("player.unmute") : t("player.mute")}
          </button>
        </div>
      ) : null}
    </>
  );
}
