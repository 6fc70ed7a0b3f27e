/**
 * The reactions' rules without React: the six reactions, a token bucket that keeps the attendee
 * inside the server's limit, which floating emoji a burst becomes (capped), and how bursts add up
 * for the spoken summary.
 */
import type { ReactionName } from "@/lib/realtime";

export const REACTIONS: readonly { name: ReactionName; emoji: string }[] = [
  { name: "applause", emoji: "👏" },
  { name: "heart", emoji: "❤️" },
  { name: "laugh", emoji: "😂" },
  { name: "celebrate", emoji: "🎉" },
  { name: "thumbsup", emoji: "👍" },
  { name: "wow", emoji: "😮" },
];

const EMOJI = new Map<string, string>(REACTIONS.map((r) => [r.name, r.emoji]));

/** A reaction the app knows (a newer server may send others; they are skipped). */
export const isReaction = (name: string): name is ReactionName => EMOJI.has(name);

/** The server's limit per person and session (contract: 3 per second, bursts of 6). */
export const RATE_PER_SECOND = 3;
export const BURST = 6;

/**
 * A token bucket like the server's: `take` answers 0 when a reaction may go now (and spends a
 * token), else how many milliseconds until the next one may. Sending no faster than this means
 * the server's RATE_LIMITED is the exception (several tabs), not the rule.
 */
export function createBucket(rate = RATE_PER_SECOND, burst = BURST) {
  let tokens = burst;
  let at = Number.NEGATIVE_INFINITY;
  return {
    take(now: number = Date.now()): number {
      tokens = at === Number.NEGATIVE_INFINITY ? burst : Math.min(burst, tokens + ((now - at) / 1000) * rate);
      at = now;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - tokens) / rate) * 1000);
    },
  };
}

/** At most this many emoji float at once; a storm shows as a steady stream, not a wall. */
export const MAX_FLOATING = 24;
/** At most this many emoji per reaction from one burst. */
export const PER_BURST = 5;
/** How long one emoji floats. */
export const FLOAT_MS = 2600;

export interface Floater {
  id: number;
  emoji: string;
  /** Horizontal start, in per cent of the player's width. */
  x: number;
  /** Delay before it starts, so one burst is not one line. */
  delay: number;
}

let nextFloater = 1;

/** The emoji a burst adds, given how many float already (never more than MAX_FLOATING in all). */
export function floatersFor(counts: readonly { Reaction: string; Count: number }[], floating: number, random: () => number = Math.random): Floater[] {
  const room = Math.max(0, MAX_FLOATING - floating);
  const out: Floater[] = [];
  for (const { Reaction, Count } of counts) {
    const emoji = EMOJI.get(Reaction);
    if (!emoji) continue;
    for (let i = 0; i < Math.min(Count, PER_BURST) && out.length < room; i++) {
      out.push({ id: nextFloater++, emoji, x: 5 + random() * 85, delay: Math.round(random() * 400) });
    }
  }
  return out;
}

export type Tally = Partial<Record<ReactionName, number>>;

/** Bursts added up by reaction (for the summary and the reduced-motion counter). */
export function addBurst(tally: Tally, counts: readonly { Reaction: string; Count: number }[]): Tally {
  const next: Tally = { ...tally };
  for (const { Reaction, Count } of counts) {
    if (isReaction(Reaction) && Count > 0) next[Reaction] = (next[Reaction] ?? 0) + Count;
  }
  return next;
}

/** The tally's entries in the bar's order, without the reactions nobody sent. */
export function tallyEntries(tally: Tally): { name: ReactionName; emoji: string; count: number }[] {
  return REACTIONS.flatMap(({ name, emoji }) => {
    const count = tally[name] ?? 0;
    return count > 0 ? [{ name, emoji, count }] : [];
  });
}
