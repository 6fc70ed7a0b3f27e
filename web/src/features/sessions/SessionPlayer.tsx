/**
 * The stream player by ConferenceType (attendee-app.md §4): None or empty shows nothing; Iframe and
 * Zoom load the stream call's page as a blob; Vimeo asks the stream call for the URL and shows the
 * password banner (copy, close); Youtube embeds by ConferenceID with autoplay (shown as loading
 * while a session read before its start waits for it, store.ts). Video (docs/subsystems/media.md)
 * plays a cinema video as simulated live through the media feature's player, once the session's
 * ConferenceID has come (the same wait). A refused stream (media_expired, §8) shows
 * "Please Reload".
 *
 * Before a frame is shown, the host it embeds is asked whether it answers at all
 * (`embedReachable`); when it does not (offline, no internet, a blocked host) the player says
 * "stream unavailable" with a Try again button instead of showing the browser's error page.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { useLiveVideo, VideoPlayer, type LiveClock, type Video } from "@/features/media";
import { notify } from "@/features/notifications";
import { formatTime } from "@/lib/dates";
import { EMBED_PROBE_TIMEOUT_MS, hostAnswers } from "@/lib/host-probe";
import { iframeStreamURL, isMediaExpired, vimeoStream } from "./api";
import type { Session } from "./selection";
import "./player.css";

// The blob page runs no script of its own (its CSP forbids it); the stream frame inside needs these.
const STREAM_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-presentation";
const STREAM_ALLOW = "autoplay; fullscreen; picture-in-picture; camera; microphone; display-capture";

type Source =
  | { kind: "none" }
  | { kind: "loading" }
  | { kind: "frame"; src: string; password?: string }
  | { kind: "video"; video: Video; clock: LiveClock }
  | { kind: "expired" }
  | { kind: "failed" };

export function youtubeEmbedURL(conferenceID: string): string | null {
  if (!/^[A-Za-z0-9_-]{6,20}$/.test(conferenceID)) return null;
  return `https://www.youtube-nocookie.com/embed/${conferenceID}?autoplay=1&mute=1&playsinline=1`;
}

function useStreamSource(eventID: string, session: Session): Source {
  const kind = session.ConferenceType;
  const needsCall = kind === "Iframe" || kind === "Zoom" || kind === "Vimeo";
  const key = `${eventID}:${session.ID}:${kind}`;
  const [fetched, setFetched] = useState<{ key: string; source: Source } | null>(null);
  useEffect(() => {
    if (!needsCall) return;
    const controller = new AbortController();
    let blobURL: string | null = null;
    const done = (source: Source) => {
      if (!controller.signal.aborted) setFetched({ key, source });
    };
    const fail = (error: unknown) => done(isMediaExpired(error) ? { kind: "expired" } : { kind: "failed" });
    if (kind === "Vimeo") {
      vimeoStream(eventID, session.ID, controller.signal)
        .then((answer) => done({ kind: "frame", src: answer.Url, password: answer.Password }))
        .catch(fail);
    } else {
      iframeStreamURL(eventID, session.ID, controller.signal)
        .then((url) => {
          blobURL = url;
          if (controller.signal.aborted) URL.revokeObjectURL(url);
          else done({ kind: "frame", src: url });
        })
        .catch(fail);
    }
    return () => {
      controller.abort();
      if (blobURL) URL.revokeObjectURL(blobURL);
    };
  }, [eventID, session.ID, kind, key, needsCall]);
  const live = useLiveVideo(eventID, session.ID, kind === "Video" && session.ConferenceID !== undefined);

  if (kind === "Video") {
    // Read before it began: the store is fetching the session again for its ConferenceID.
    if (session.ConferenceID === undefined) return { kind: "loading" };
    if (live.kind === "ready") return { kind: "video", video: live.live.Video, clock: live.clock };
    if (live.kind === "error") return isMediaExpired(live.error) ? { kind: "expired" } : { kind: "failed" };
    return { kind: "loading" };
  }
  if (kind === "Youtube") {
    // Read before it began: the store is fetching the session again for its ConferenceID.
    if (session.ConferenceID === undefined) return { kind: "loading" };
    const src = youtubeEmbedURL(session.ConferenceID);
    return src ? { kind: "frame", src } : { kind: "failed" };
  }
  if (!needsCall) return { kind: "none" };
  return fetched?.key === key ? fetched.source : { kind: "loading" };
}

/**
 * The page a frame's `src` really loads: an http(s) URL is itself; a `blob:` page (the stream call's
 * answer, same-origin with the app) is read for the frame it holds.
 */
export async function embedTarget(src: string, signal?: AbortSignal): Promise<string | null> {
  if (/^https?:/i.test(src)) return src;
  if (!src.startsWith("blob:")) return null;
  const html = await (await fetch(src, { signal })).text();
  const inner = new DOMParser().parseFromString(html, "text/html").querySelector("iframe[src]")?.getAttribute("src");
  return inner && /^https?:/i.test(inner) ? inner : null;
}

/** Whether the host of the page a frame loads answers (`lib/host-probe.ts`). */
export function embedReachable(src: string, signal: AbortSignal, timeoutMs = EMBED_PROBE_TIMEOUT_MS): Promise<boolean> {
  return hostAnswers(src, signal, timeoutMs, embedTarget);
}

type EmbedState = "checking" | "ready" | "unavailable";

/** The probe of `src` (re-run by `retry`, and when the browser comes back online). */
function useEmbedState(src: string | null): { state: EmbedState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: EmbedState } | null>(null);
  const key = `${src ?? ""}#${attempt}`;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!src) return;
    const controller = new AbortController();
    void embedReachable(src, controller.signal).then((ok) => {
      if (!controller.signal.aborted) setResult({ key, state: ok ? "ready" : "unavailable" });
    });
    const offline = () => setResult({ key, state: "unavailable" });
    window.addEventListener("offline", offline);
    window.addEventListener("online", retry);
    return () => {
      controller.abort();
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", retry);
    };
  }, [src, key, retry]);

  return { state: result?.key === key ? result.state : "checking", retry };
}

function Unavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="player__unavailable" role="alert">
      <p>
        <strong>{t("venue.player.unavailableTitle")}</strong>
      </p>
      <p>{t("venue.player.unavailable")}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t("venue.player.retry")}
      </button>
    </div>
  );
}

function PasswordBanner({ password }: { password: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const copy = () => {
    navigator.clipboard
      ?.writeText(password)
      .then(() => notify("success", t("venue.player.passwordCopied")))
      .catch(() => undefined);
  };
  return (
    <div className="player__banner" role="note">
      <span>{t("venue.player.password", { password })}</span>
      <button type="button" className="button button--secondary" onClick={copy}>
        {t("venue.player.copy")}
      </button>
      <button type="button" className="icon-button" aria-label={t("common.close")} onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}

/**
 * What the venue puts around the stream (live interaction, composed by the app's frame): a panel
 * beside it (under it on a narrow screen), a layer over the picture (it stays there in
 * fullscreen), and a strip under it.
 */
export interface PlayerExtras {
  aside?: ReactNode;
  overlay?: ReactNode;
  footer?: ReactNode;
}

export function SessionPlayer({ eventID, session, onClose, extras }: { eventID: string; session: Session; onClose?: () => void; extras?: PlayerExtras }) {
  const { t, i18n } = useTranslation();
  // The session's times in the attendee's zone (§9): their choice, else the browser's.
  const zone = useDisplayZone();
  const source = useStreamSource(eventID, session);
  const embed = useEmbedState(source.kind === "frame" ? source.src : null);
  const frame = useRef<HTMLDivElement>(null);
  const title = session.Title || session.InternalName;

  useEffect(() => {
    if (source.kind === "expired") notify("error", t("errors.mediaExpired"), t("errors.mediaExpiredTitle"));
  }, [source.kind, t]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  if (source.kind === "none") return null;
  const aside = extras?.aside;
  return (
    <section className={`player${aside ? " player--with-aside" : ""}`} aria-label={t("venue.player.label", { title })} data-session={session.ID}>
      <div className="player__layout">
        <header className="player__header">
          <span className="player__live">{t("venue.player.live")}</span>
          <h2 className="player__title">{title}</h2>
          <span className="player__time">
            {t("common.dateRange", { begin: formatTime(session.DateBegin, i18n.language, zone), end: formatTime(session.DateEnd, i18n.language, zone) })}
          </span>
          <button type="button" className="button button--secondary" onClick={toggleFullscreen}>
            {t("venue.player.fullscreen")}
          </button>
          {onClose ? (
            <button type="button" className="icon-button" aria-label={t("venue.player.close")} onClick={onClose}>
              ×
            </button>
          ) : null}
        </header>
        <div className="player__frame" ref={frame}>
          {source.kind === "loading" ? <p role="status">{t("common.loading")}</p> : null}
          {source.kind === "expired" ? (
            <div role="alert">
              <p>
                <strong>{t("errors.mediaExpiredTitle")}</strong>
              </p>
              <p>{t("errors.mediaExpired")}</p>
              <button type="button" className="button" onClick={() => window.location.reload()}>
                {t("venue.player.reload")}
              </button>
            </div>
          ) : null}
          {source.kind === "failed" ? <p role="alert">{t("venue.player.failed")}</p> : null}
          {source.kind === "video" ? <VideoPlayer video={source.video} live={source.clock} /> : null}
          {source.kind === "frame" && embed.state === "checking" ? <p role="status">{t("venue.player.connecting")}</p> : null}
          {source.kind === "frame" && embed.state === "unavailable" ? <Unavailable onRetry={embed.retry} /> : null}
          {source.kind === "frame" && embed.state === "ready" ? (
            <iframe
              src={source.src}
              title={title}
              allow={STREAM_ALLOW}
              referrerPolicy="no-referrer"
              {...(source.src.startsWith("blob:") ? { sandbox: STREAM_SANDBOX } : {})}
            />
          ) : null}
          {extras?.overlay}
        </div>
        {extras?.footer ? <div className="player__footer">{extras.footer}</div> : null}
        {source.kind === "frame" && embed.state === "ready" && source.password ? <PasswordBanner password={source.password} /> : null}
        {aside ? <div className="player__aside">{aside}</div> : null}
      </div>
    </section>
  );
}
