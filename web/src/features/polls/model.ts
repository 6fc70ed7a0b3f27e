/**
 * The poll rules the panel applies, as pure functions of the list and a frame, so they are tested
 * without React: which polls belong where the attendee is, how each realtime frame changes the
 * list, what a ballot must hold before it is sent, and what a refusal means to the attendee.
 */
import { ApiError } from "@/lib/api-client";
import type { BallotNotice, PollNotice, PollResults } from "@/lib/realtime";
import type { PollView, Tally, Where } from "./api";
import type { PollsKey } from "./i18n";

/** The contract's limit on the free-text "other" answer. */
export const OTHER_MAX = 200;

type Placed = Pick<PollView, "PanoNodeID" | "SessionID">;

/**
 * A poll belongs where the attendee is when it is bound to the room, to a session playing there,
 * or to neither (an event-wide poll). Outside any room every poll of the event does.
 */
export function pollHere(poll: Placed, where: Where): boolean {
  if (where.nodeID === null) return true;
  if (!poll.PanoNodeID && !poll.SessionID) return true;
  return poll.PanoNodeID === where.nodeID || (poll.SessionID !== null && where.sessionIDs.includes(poll.SessionID));
}

/** Whether attendees may see the tally, by the poll's Results mode and state (the server's rule). */
export function resultsVisible(poll: Pick<PollView, "Results" | "State">): boolean {
  if (poll.Results === "live") return poll.State !== "draft";
  if (poll.Results === "closed") return poll.State === "closed";
  return false;
}

/** Open polls first (they can be voted on), then closed ones; otherwise the server's order. */
export function sortPolls(polls: readonly PollView[]): PollView[] {
  const rank = (poll: PollView) => (poll.State === "open" ? 0 : 1);
  return polls.map((poll, index) => ({ poll, index })).sort((a, b) => rank(a.poll) - rank(b.poll) || a.index - b.index).map((x) => x.poll);
}

/** A POLL_NOTIFY applied to the list, and whether the poll's tally must now be read over REST. */
export function applyNotice(polls: readonly PollView[], notice: PollNotice, where: Where): { polls: PollView[]; needsTally: boolean } {
  const rest = polls.filter((poll) => poll.ID !== notice.ID);
  const { Deleted, ...fields } = notice;
  // Gone, back to draft (attendees never see drafts) or moved to another room: not listed here.
  if (Deleted || notice.State === "draft" || !pollHere(notice, where)) return { polls: rest, needsTally: false };
  const held = polls.find((poll) => poll.ID === notice.ID);
  const visible = resultsVisible(notice);
  const next: PollView = {
    ...fields,
    ResultsVisible: visible,
    // A tally the attendee may no longer see goes; one held stays until a newer frame replaces it.
    Tally: visible ? (held?.Tally ?? null) : null,
    MyBallot: held?.MyBallot ?? null,
    IsActive: notice.State === "open",
  };
  const list = held ? polls.map((poll) => (poll.ID === notice.ID ? next : poll)) : [...polls, next];
  return { polls: list, needsTally: visible && next.Tally === null };
}

const time = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * A tally (POLL_RESULTS_NOTIFY or the REST answer) applied: frames from several server processes
 * may cross, so the one counted up to the latest ballot (`AsOf`) wins; an older one changes nothing.
 */
export function applyTally(polls: readonly PollView[], tally: PollResults): PollView[] {
  let changed = false;
  const next = polls.map((poll) => {
    if (poll.ID !== tally.PollID) return poll;
    if (poll.Tally && time(tally.AsOf) < time(poll.Tally.AsOf)) return poll;
    changed = true;
    // The server sends the tally to attendees only while they may see it.
    return { ...poll, Tally: tally, ResultsVisible: true };
  });
  return changed ? next : (polls as PollView[]);
}

/** The attendee's own ballot (POLL_BALLOT_NOTIFY from another tab, or the PUT's answer), if newer. */
export function applyBallot(polls: readonly PollView[], ballot: Pick<BallotNotice, "PollID" | "OptionIDs" | "Other" | "UpdatedAt">): PollView[] {
  let changed = false;
  const next = polls.map((poll) => {
    if (poll.ID !== ballot.PollID) return poll;
    if (poll.MyBallot && time(ballot.UpdatedAt) < time(poll.MyBallot.UpdatedAt)) return poll;
    changed = true;
    return { ...poll, MyBallot: { PollID: ballot.PollID, OptionIDs: [...ballot.OptionIDs], Other: ballot.Other, UpdatedAt: ballot.UpdatedAt } };
  });
  return changed ? next : (polls as PollView[]);
}

/** A poll read again over REST replaces the one held (or goes, when it is not listed here). */
export function replacePoll(polls: readonly PollView[], poll: PollView, where: Where): PollView[] {
  const rest = polls.filter((p) => p.ID !== poll.ID);
  if (poll.State === "draft" || !pollHere(poll, where)) return rest;
  return polls.some((p) => p.ID === poll.ID) ? polls.map((p) => (p.ID === poll.ID ? poll : p)) : [...polls, poll];
}

export interface TallyRow {
  /** An option's ID, or null for the free-text answers. */
  optionID: string | null;
  text: string;
  count: number;
  /** The share of ballots, 0…1 (with several choices per ballot the shares add up to more than 1). */
  share: number;
}

/** One row per current option in the poll's order, then the free-text answers when allowed or given. */
export function tallyRows(poll: Pick<PollView, "Options" | "AllowOther">, tally: Tally, otherText: string): TallyRow[] {
  const share = (count: number) => (tally.Ballots > 0 ? Math.min(1, count / tally.Ballots) : 0);
  const counts = new Map(tally.Counts.map((c) => [c.OptionID, c.Count]));
  const rows: TallyRow[] = poll.Options.map((option) => {
    const count = counts.get(option.ID) ?? 0;
    return { optionID: option.ID, text: option.Text, count, share: share(count) };
  });
  if (poll.AllowOther || tally.Other > 0) rows.push({ optionID: null, text: otherText, count: tally.Other, share: share(tally.Other) });
  return rows;
}

/** What the attendee has chosen in the form. */
export interface Choice {
  optionIDs: readonly string[];
  other: boolean;
  otherText: string;
}

export type ChoiceCheck = { ok: true; body: { OptionIDs: string[]; Other: string | null } } | { ok: false; key: PollsKey; values?: Record<string, number> };

/** The contract's ballot rules, checked before sending so the attendee is told at once. */
export function checkChoice(poll: Pick<PollView, "Multiple" | "AllowOther">, choice: Choice): ChoiceCheck {
  const otherText = choice.otherText.trim();
  const other = poll.AllowOther && choice.other;
  if (other && !otherText) return { ok: false, key: "form.otherEmpty" };
  if (other && otherText.length > OTHER_MAX) return { ok: false, key: "form.otherTooLong", values: { max: OTHER_MAX } };
  const optionIDs = poll.Multiple ? [...new Set(choice.optionIDs)] : choice.optionIDs.slice(0, 1);
  if (optionIDs.length === 0 && !other) return { ok: false, key: poll.Multiple ? "form.chooseSome" : "form.chooseOne" };
  // A single-choice ballot is one option or the own answer, never both.
  const body = poll.Multiple ? { OptionIDs: optionIDs, Other: other ? otherText : null } : other ? { OptionIDs: [], Other: otherText } : { OptionIDs: optionIDs, Other: null };
  return { ok: true, body };
}

function dataField(error: ApiError, key: string): unknown {
  return typeof error.data === "object" && error.data !== null ? (error.data as Record<string, unknown>)[key] : undefined;
}

export interface Refusal {
  key: PollsKey;
  values?: Record<string, number>;
  /** The poll changed under the attendee (closed, edited, already voted): read it again. */
  reread: boolean;
  /** The poll is gone for this attendee. */
  gone: boolean;
}

/**
 * What a refused ballot tells the attendee, for the poll codes of the contract; null for codes that
 * are not the poll's own (network, rate limit, …), which the app's shared messages cover. A
 * POLL_VOTE_ERROR arrives as an `ApiError` too (lib/realtime `CommandRefused`), so both ways of
 * voting read the same.
 */
export function refusal(error: unknown, multiple: boolean): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  const plain = (key: PollsKey, reread = false): Refusal => ({ key, reread, gone: false });
  switch (error.code) {
    case "POLL_NOT_FOUND":
      return { key: "errors.notFound", reread: false, gone: true };
    case "POLL_NOT_OPEN": {
      const state = dataField(error, "State");
      return plain(state === "closed" ? "errors.closed" : state === "draft" ? "errors.notYetOpen" : "errors.notOpen", true);
    }
    case "POLL_OPTION_UNKNOWN":
      return plain("errors.optionUnknown", true);
    case "POLL_CHOICE_INVALID":
      return plain(dataField(error, "Multiple") === true || multiple ? "errors.chooseSome" : "errors.chooseOne");
    case "POLL_OTHER_NOT_ALLOWED":
      return plain("errors.otherNotAllowed", true);
    case "POLL_BALLOT_LOCKED":
      return plain("errors.locked", true);
    case "TEXT_TOO_LONG": {
      const max = dataField(error, "MaxLength");
      return { key: "errors.tooLong", values: { max: typeof max === "number" ? max : OTHER_MAX }, reread: false, gone: false };
    }
    case "TEXT_EMPTY":
      return plain("form.otherEmpty");
    case "VALIDATION_ERROR":
      return plain("errors.invalid");
    default:
      return null;
  }
}
