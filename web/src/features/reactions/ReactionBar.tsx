/**
 * The six reaction buttons under the player, sending REACTION_SEND, while the session runs and
 * its organizers have reactions on (`ReactionsEnabled`). The app keeps to the server's rate
 * (reactions.ts `createBucket`); when it still answers RATE_LIMITED (several tabs) — or says
 * reactions are off — the bar pauses for the time it names and says why. The buttons stay
 * focusable while paused (`aria-disabled`), so a keyboard user does not lose their place.
 */
import { useEffect, useRef, useState } from "react";
import { realtime } from "@/lib/realtime";
import { useNow } from "@/lib/use-now";
import { useReactionsT, type ReactionsKey } from "./i18n";
import { createBucket, REACTIONS } from "./reactions";
import "./reactions.css";

/** The session fields the reactions read (a structural view of the sessions feature's `Session`). */
export interface ReactionSession {
  ID: string;
  DateBegin: string;
  DateEnd: string;
  /** Absent in sessions stored before reactions existed: on, as the contract's default. */
  ReactionsEnabled?: boolean;
}

/** How long the bar pauses when the server refuses for another reason than the rate. */
export const REFUSED_PAUSE_MS = 30_000;
/** The longest pause a RATE_LIMITED answer can cause, whatever it asks for. */
const MAX_PAUSE_MS = 10_000;

interface Pause {
  until: number;
  reason: ReactionsKey;
}

/** A pause of `ms` from now (a module function: the clock is read when the pause starts, not in render). */
const pauseFor = (ms: number, reason: ReactionsKey): Pause => ({ until: Date.now() + ms, reason });

export function running(session: ReactionSession, now: number): boolean {
  return Date.parse(session.DateBegin) <= now && now < Date.parse(session.DateEnd);
}

export function ReactionBar({ session }: { session: ReactionSession }) {
  const { t } = useReactionsT();
  const now = useNow(1000);
  const bucket = useRef(createBucket());
  const [pause, setPause] = useState<Pause | null>(null);
  const sessionID = session.ID;

  useEffect(
    () =>
      realtime.subscribe("REACTION_ERROR", (refused) => {
        const data = refused.Error.Data;
        if (data.SessionID !== undefined && data.SessionID !== sessionID) return;
        const code = refused.Error.Code;
        if (code === "RATE_LIMITED") {
          const wait = Math.min(MAX_PAUSE_MS, Math.max(500, data.RetryAfterMs ?? 1000));
          setPause(pauseFor(wait, "slowDown"));
        } else {
          setPause(pauseFor(REFUSED_PAUSE_MS, code === "REACTIONS_OFF" ? "off" : "unavailable"));
        }
      }),
    [sessionID],
  );

  // The pause ends by itself (a timer, not the 1 s clock, so a short pause is short).
  useEffect(() => {
    if (!pause) return;
    const timer = setTimeout(() => setPause(null), Math.max(0, pause.until - Date.now()));
    return () => clearTimeout(timer);
  }, [pause]);

  const paused = pause !== null;

  const send = (reaction: (typeof REACTIONS)[number]["name"]) => {
    if (paused) return;
    const wait = bucket.current.take();
    if (wait > 0) {
      setPause(pauseFor(wait, "slowDown"));
      return;
    }
    realtime.send("REACTION_SEND", { SessionID: sessionID, Reaction: reaction });
  };

  if (session.ReactionsEnabled === false || !running(session, now)) return null;

  return (
    <div className="reaction-bar" role="group" aria-label={t("bar")}>
      <div className="reaction-bar__buttons">
        {REACTIONS.map(({ name, emoji }) => (
          <button key={name} type="button" className="reaction-bar__button" aria-label={t(`send.${name}`)} aria-disabled={paused || undefined} onClick={() => send(name)}>
            <span aria-hidden="true">{emoji}</span>
          </button>
        ))}
      </div>
      <p className="reaction-bar__status" role="status">
        {pause ? t(pause.reason) : ""}
      </p>
    </div>
  );
}
