/**
 * What the results view draws: one row per option in the poll's order, with its count and its
 * share of the ballots. Shares are of ballots, not of choices, so a multiple-choice poll's add up
 * to more than 100 % — what an organizer asks is "how many people chose this".
 */
import type { PollResults, PollView } from "./api";

export interface ResultRow {
  id: string;
  text: string;
  count: number;
  /** 0–1: the part of the ballots that chose this option. */
  share: number;
}

export function resultRows(poll: Pick<PollView, "Options">, tally: PollResults | null): ResultRow[] {
  const counts = new Map((tally?.Counts ?? []).map((c) => [c.OptionID, c.Count]));
  const ballots = tally?.Ballots ?? 0;
  return poll.Options.map((option) => {
    const count = counts.get(option.ID) ?? 0;
    return { id: option.ID, text: option.Text, count, share: ballots > 0 ? Math.min(1, count / ballots) : 0 };
  });
}

/** "42 %" as the language writes it (whole percents: the exact count is beside it). */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(share);
}
