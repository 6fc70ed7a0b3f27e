/**
 * The attendee's poll calls (contract: /api/v1/events/{EventID}/polls…). Answers are typed, not
 * re-checked: they come from our own server, whose schemas the contract fixes; the realtime frames
 * that update them are checked by lib/realtime. A ballot goes over the socket when it is open
 * (`castBallot`), since a whole audience votes within seconds.
 */
import { request } from "@/lib/api-client";
import { newTmpID, NoAnswer, type PollNotice, type PollResults, realtime, sendCommand } from "@/lib/realtime";

/** The caller's own ballot as stored; `Other` is the free-text answer, null when none. */
export interface Ballot {
  PollID: string;
  OptionIDs: string[];
  Other: string | null;
  UpdatedAt: string;
}

/** The tally (the same shape as POLL_RESULTS_NOTIFY). */
export type Tally = PollResults;

/**
 * A poll as an attendee reads it: the POLL_NOTIFY fields (without `Deleted`), whether attendees
 * may see the tally now, the tally when they may, and the caller's ballot.
 */
export interface PollView extends Omit<PollNotice, "Deleted"> {
  ResultsVisible: boolean;
  Tally: Tally | null;
  MyBallot: Ballot | null;
  IsActive: boolean;
}

/** Where the attendee is: the room (tour node) and the sessions playing on its screens. */
export interface Where {
  nodeID: string | null;
  sessionIDs: readonly string[];
}

const pollsPath = (eventID: string) => `/events/${encodeURIComponent(eventID)}/polls`;

/** GET /events/{E}/polls?Node=&SessionID=: the non-draft polls of the room and its session. */
export function listPolls(eventID: string, where: Where, signal?: AbortSignal): Promise<PollView[]> {
  return request<PollView[]>(pollsPath(eventID), {
    query: { Node: where.nodeID ?? undefined, SessionID: where.sessionIDs[0] },
    signal,
  });
}

/** GET /events/{E}/polls/{P}/results: only while attendees may see it (else 403). */
export function getResults(eventID: string, pollID: string): Promise<Tally> {
  return request<Tally>(`${pollsPath(eventID)}/${encodeURIComponent(pollID)}/results`);
}

/** PUT /events/{E}/polls/{P}/ballot: casts or replaces the caller's ballot. */
export function putBallot(eventID: string, pollID: string, choice: { OptionIDs: string[]; Other: string | null }): Promise<Ballot> {
  return request<Ballot>(`${pollsPath(eventID)}/${encodeURIComponent(pollID)}/ballot`, { method: "PUT", body: choice });
}

/**
 * Casts or replaces the caller's ballot: POLL_VOTE over the open socket (answered by
 * POLL_BALLOT_NOTIFY, refused with POLL_VOTE_ERROR — the same codes as the PUT), else the PUT.
 * A socket that is closed, or gives no answer in time, means the PUT: a second ballot replaces
 * the first, or is refused POLL_BALLOT_LOCKED where changes are off and the poll is read again.
 */
export async function castBallot(eventID: string, pollID: string, choice: { OptionIDs: string[]; Other: string | null }): Promise<Ballot> {
  try {
    const stored = await sendCommand(realtime, "POLL_VOTE", { PollID: pollID, ...choice, TmpID: newTmpID() }, "POLL_BALLOT_NOTIFY", "POLL_VOTE_ERROR");
    return { PollID: stored.PollID, OptionIDs: stored.OptionIDs, Other: stored.Other, UpdatedAt: stored.UpdatedAt };
  } catch (error) {
    if (error instanceof NoAnswer) return putBallot(eventID, pollID, choice);
    throw error;
  }
}

/** GET /events/{E}/polls/{P}: one poll read again (after a refusal that says it changed). */
export function getPoll(eventID: string, pollID: string): Promise<PollView> {
  return request<PollView>(`${pollsPath(eventID)}/${encodeURIComponent(pollID)}`);
}
