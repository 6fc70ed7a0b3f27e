/**
 * The stream player by ConferenceType (attendee-app.md §4): None or empty shows nothing; Iframe and
 * Zoom load the stream call's page as a blob; Vimeo asks the stream call for the URL and shows the
 * password banner (copy, close); Youtube embeds by ConferenceID with autoplay. A refused stream
 * (media_expired, §8) shows "Please Reload".
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "@/features/notifications";
import { iframeStreamURL, isMediaExpired, vimeoStream } from "./api";
import type { Session } from "./selection";

// The blob page runs no script of its own (its CSP forbids it); the stream frame inside needs these.
const STREAM_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-presentation";
const STREAM_ALLOW = "autoplay; fullscreen; picture-in-picture; camera; microphone; display-capture";

type Source = { kind: "none" } | { kind: "loading" } | { kind: "frame"; src: string; password?: string } | { kind: "expired" } | { kind: "failed" };

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

  if (kind === "Youtube") {
    const src = youtubeEmbedURL(session.ConferenceID ?? "");
    return src ? { kind: "frame", src } : { kind: "failed" };
  }
  if (!needsCall) return { kind: "none" };
  return fetched?.key === key ? fetched.source : { kind: "loading" };
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

export function SessionPlayer({ eventID, session, onClose }: { eventID: string; session: Session; onClose?: () => void }) {
  const { t } = useTranslation();
  const source = useStreamSource(eventID, session);
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
  return (
    <section className="player" aria-label={t("venue.player.label", { title })} data-session={session.ID}>
      <header className="player__header">
        <span className="player__live">{t("venue.player.live")}</span>
        <h2 className="player__title">{title}</h2>
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
        {source.kind === "frame" ? (
          <iframe
            src={source.src}
            title={title}
            allow={STREAM_ALLOW}
            referrerPolicy="no-referrer"
            {...(source.src.startsWith("blob:") ? { sandbox: STREAM_SANDBOX } : {})}
          />
        ) : null}
      </div>
      {source.kind === "frame" && source.password ? <PasswordBanner password={source.password} /> : null}
    </section>
  );
}
