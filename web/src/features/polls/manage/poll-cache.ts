/**
 * The cached poll list kept in step with the server: every write's answer, and the realtime
 * frames (architecture.md §5: the database is the truth, frames signal).
 *
 * - POLL_RESULTS_NOTIFY: frames are recounts coalesced per poll and may cross between server
 *   processes, so a tally replaces the shown one only when its `AsOf` (the newest ballot counted)
 *   is not older. A null `AsOf` (no ballots) counts as the oldest.
 * - POLL_NOTIFY: a known poll takes the frame's fields at once (the REST-only ones stay until
 *   the list is read again); `Deleted` removes it; an unknown one (made in another tab) is only
 *   shown once the list is read again, since the frame lacks the tally.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { PollNotice } from "@/lib/realtime";
import { pollsKeys, type PollResults, type PollView } from "./api";

const instant = (asOf: string | null): number => (asOf === null ? Number.NEGATIVE_INFINITY : Date.parse(asOf));

/** Whether `incoming` should replace `current` (the newest `AsOf` wins; a tie takes the later frame). */
export function isNewerTally(current: PollResults | null, incoming: PollResults): boolean {
  if (current === null) return true;
  return instant(incoming.AsOf) >= instant(current.AsOf);
}

/** The list with `frame` applied to its poll; the same list when nothing changed. */
export function withResults(list: PollView[], frame: PollResults): PollView[] {
  let changed = false;
  const next = list.map((poll) => {
    if (poll.ID !== frame.PollID || !isNewerTally(poll.Tally, frame)) return poll;
    changed = true;
    return { ...poll, Tally: frame };
  });
  return changed ? next : list;
}

/** The list with a poll as a write answered it; a newer tally already shown is kept. */
export function withPoll(list: PollView[], poll: PollView): PollView[] {
  const old = list.find((p) => p.ID === poll.ID);
  if (!old) return [...list, poll];
  const tally = old.Tally && poll.Tally && !isNewerTally(old.Tally, poll.Tally) ? old.Tally : poll.Tally;
  return list.map((p) => (p.ID === poll.ID ? { ...poll, Tally: tally } : p));
}

/** The poll's fields of a POLL_NOTIFY (all but `Deleted`). */
function noticeFields(n: PollNotice): Omit<PollNotice, "Deleted"> {
  return {
    ID: n.ID,
    EventID: n.EventID,
    Question: n.Question,
    Options: n.Options,
    Multiple: n.Multiple,
    AllowOther: n.AllowOther,
    AllowChange: n.AllowChange,
    Results: n.Results,
    State: n.State,
    OpensAt: n.OpensAt,
    ClosesAt: n.ClosesAt,
    PanoNodeID: n.PanoNodeID,
    SessionID: n.SessionID,
  };
}

/** Applies a POLL_NOTIFY; `known` says whether the poll was in the list (or is gone from it). */
export function withNotice(list: PollView[], notice: PollNotice): { list: PollView[]; known: boolean } {
  const old = list.find((p) => p.ID === notice.ID);
  if (notice.Deleted) return { list: old ? list.filter((p) => p.ID !== notice.ID) : list, known: true };
  if (!old) return { list, known: false };
  const fields = noticeFields(notice);
  // IsActive mirrors the state (the contract's output rule). ResultsVisible is the server's to
  // say: it stays until the list is read again (the frames hook asks for that).
  const updated: PollView = { ...old, ...fields, IsActive: fields.State === "open" };
  return { list: list.map((p) => (p.ID === notice.ID ? updated : p)), known: true };
}

export function updatePolls(client: QueryClient, eventId: string, fn: (list: PollView[]) => PollView[]): void {
  client.setQueryData<PollView[]>(pollsKeys.polls(eventId), (old) => (old ? fn(old) : old));
}
