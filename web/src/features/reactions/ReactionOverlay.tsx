/**
 * The audience's reactions over the player, from REACTION_BURST_NOTIFY: emoji that float up
 * (never more than MAX_FLOATING at once), or — for people who asked their system for less motion —
 * a small counter that stays still. Screen readers get neither (both are decoration); they hear
 * a polite summary at most every SUMMARY_MS ("Reactions from the audience: Applause: 12, …"),
 * never one announcement per emoji.
 */
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import { realtime, type ReactionBurst } from "@/lib/realtime";
import { useReactionsT } from "./i18n";
import { addBurst, FLOAT_MS, floatersFor, tallyEntries, type Floater, type Tally } from "./reactions";
import "./reactions.css";

/** At most one spoken summary this often. */
export const SUMMARY_MS = 15_000;
/** The reduced-motion counter clears this long after the last burst. */
export const COUNTER_MS = 4000;

const REDUCED = "(prefers-reduced-motion: reduce)";

function subscribeMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(REDUCED);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const reducedNow = () => typeof window.matchMedia === "function" && window.matchMedia(REDUCED).matches;

/** Whether the system asks for reduced motion, following changes while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, reducedNow, () => false);
}

type Timer = ReturnType<typeof setTimeout>;

export function ReactionOverlay({ sessionID }: { sessionID: string }) {
  const { t } = useReactionsT();
  const reduced = useReducedMotion();
  const [floating, setFloating] = useState<Floater[]>([]);
  const [counter, setCounter] = useState<Tally>({});
  const [summary, setSummary] = useState("");
  const count = useRef(0);
  const floatTimers = useRef(new Set<Timer>());
  const counterTimer = useRef<Timer | null>(null);
  const summaryTimer = useRef<Timer | null>(null);
  const heard = useRef<Tally>({});
  const lastSummary = useRef(Number.NEGATIVE_INFINITY);

  const speak = useEffectEvent(() => {
    summaryTimer.current = null;
    lastSummary.current = Date.now();
    const list = tallyEntries(heard.current).map((e) => t("summaryItem", { name: t(`names.${e.name}`), count: e.count }));
    heard.current = {};
    if (list.length) setSummary(t("summary", { list: list.join(", ") }));
  });

  const onBurst = useEffectEvent((burst: ReactionBurst) => {
    if (burst.SessionID !== sessionID) return;
    // What arrived goes into the next summary, spoken when SUMMARY_MS has passed since the last.
    heard.current = addBurst(heard.current, burst.Counts);
    summaryTimer.current ??= setTimeout(() => speak(), Math.max(0, lastSummary.current + SUMMARY_MS - Date.now()));
    if (reduced) {
      setCounter((tally) => addBurst(tally, burst.Counts));
      if (counterTimer.current) clearTimeout(counterTimer.current);
      counterTimer.current = setTimeout(() => setCounter({}), COUNTER_MS);
      return;
    }
    const added = floatersFor(burst.Counts, count.current);
    if (added.length === 0) return;
    count.current += added.length;
    setFloating((list) => [...list, ...added]);
    const ids = new Set(added.map((f) => f.id));
    const timer = setTimeout(() => {
      floatTimers.current.delete(timer);
      count.current -= ids.size;
      setFloating((list) => list.filter((f) => !ids.has(f.id)));
    }, FLOAT_MS + 400);
    floatTimers.current.add(timer);
  });

  useEffect(() => realtime.subscribe("REACTION_BURST_NOTIFY", (burst) => onBurst(burst)), []);
  useEffect(() => {
    const floats = floatTimers.current;
    return () => {
      for (const timer of floats) clearTimeout(timer);
      if (counterTimer.current) clearTimeout(counterTimer.current);
      if (summaryTimer.current) clearTimeout(summaryTimer.current);
    };
  }, []);

  const entries = tallyEntries(counter);
  return (
    <div className="reaction-overlay">
      {reduced ? (
        entries.length > 0 ? (
          <div className="reaction-overlay__counter" aria-hidden="true" data-testid="reaction-counter">
            {entries.map((e) => (
              <span key={e.name}>
                {e.emoji} {e.count}
              </span>
            ))}
          </div>
        ) : null
      ) : (
        <div className="reaction-overlay__floats" aria-hidden="true">
          {floating.map((f) => (
            <span key={f.id} className="reaction-float" data-testid="reaction-float" style={{ left: `${f.x}%`, animationDelay: `${f.delay}ms`, animationDuration: `${FLOAT_MS}ms` }}>
              {f.emoji}
            </span>
          ))}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="reaction-summary">
        {summary}
      </p>
    </div>
  );
}
