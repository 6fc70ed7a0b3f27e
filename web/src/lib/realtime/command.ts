/**
 * A command the server answers, sent over the open socket instead of a REST call: the client frame
 * carries a fresh TmpID, and the answer is the success frame with that TmpID or the error frame
 * whose `Data.TmpID` is it. Used where a REST call has a socket form (POLL_VOTE, QUESTION_UPVOTE):
 * in a vote storm a request costs the server about 5 ms of CPU, a socket command about 0.3 ms.
 *
 * ```ts
 * const ballot = await sendCommand(realtime, "POLL_VOTE", { PollID, OptionIDs, Other, TmpID: newTmpID() },
 *   "POLL_BALLOT_NOTIFY", "POLL_VOTE_ERROR");
 * ```
 *
 * Decisions:
 * - **Refused**: rejects with `CommandRefused`, an `ApiError` built from the envelope (code,
 *   message, `Data`), so a feature explains a socket refusal with the same code mapping and texts
 *   as the REST one (`lib/errors.ts`, the features' `refusal`).
 * - **Not open**: rejects with `NoAnswer` ("not-connected") at once and sends nothing. The
 *   connection's `send` would queue the frame until the next open; the caller uses REST instead,
 *   and a queued copy arriving minutes later would be a command nobody waits for.
 * - **No answer** within COMMAND_TIMEOUT_MS (10 s), or the socket closed while waiting: rejects
 *   with `NoAnswer` ("timeout" / "closed"). The command may have been stored or not; callers
 *   send their REST call once instead, which is safe for the commands that use this: a second
 *   ballot replaces the first where changes are allowed (else POLL_BALLOT_LOCKED, and the poll is
 *   read again), a second upvote is refused ALREADY_UPVOTED, which the Q&A counts as upvoted. A
 *   late answer still reaches the feature's own subscription to the success frame, which every
 *   connection of the person gets. The 10 s lets a loaded server (which stores these in batches)
 *   answer before REST adds to its load, and is shorter than the heartbeat's 25 + 10 s that
 *   would notice a dead socket.
 * - Every outcome removes the subscriptions, the state listener and the timer.
 */
import { ApiError } from "../api-client";
import type { RealtimeConnection } from "./index";
import type { ClientFrameName, ClientPayload, ServerFrameName, ServerPayload } from "./protocol";

export const COMMAND_TIMEOUT_MS = 10_000;

/** The parts of the connection a command uses (the real one, or a test's fake). */
export type CommandConnection = Pick<RealtimeConnection, "state" | "send" | "subscribe" | "onStateChange">;

/** Client frames that carry a TmpID, so their answer can be told apart. */
export type CommandName = { [N in ClientFrameName]: ClientPayload<N> extends { TmpID: string } ? N : never }[ClientFrameName];
/** Server frames that echo a TmpID on success. */
export type AnswerName = { [N in ServerFrameName]: ServerPayload<N> extends { TmpID: string } ? N : never }[ServerFrameName];

interface Envelope {
  Error: { Code: string; Message: string; Data: { TmpID?: string } };
}
/** Error frames whose `Data` echoes the TmpID. */
export type RefusalName = {
  [N in ServerFrameName]: ServerPayload<N> extends Envelope ? ("TmpID" extends keyof ServerPayload<N>["Error"]["Data"] ? N : never) : never;
}[ServerFrameName];

/** The server refused the command; `code` and `data` are the envelope's, as a REST refusal's. */
export class CommandRefused extends ApiError {
  constructor(readonly envelope: Envelope) {
    // No HTTP status: the answer came over the socket.
    super(0, envelope.Error.Code, envelope.Error.Message, envelope.Error.Data);
    this.name = "CommandRefused";
  }
}

/** Nothing (or nothing in time) came back: the caller sends its REST call instead. */
export class NoAnswer extends Error {
  constructor(readonly reason: "not-connected" | "timeout" | "closed") {
    super(`no answer over the socket (${reason})`);
    this.name = "NoAnswer";
  }
}

/** A TmpID for one command (protocol §8: 1–64 printable ASCII characters). */
export function newTmpID(): string {
  return crypto.randomUUID();
}

export function sendCommand<C extends CommandName, A extends AnswerName, R extends RefusalName>(
  connection: CommandConnection,
  command: C,
  payload: ClientPayload<C>,
  answer: A,
  refusal: R,
  timeoutMs: number = COMMAND_TIMEOUT_MS,
): Promise<ServerPayload<A>> {
  if (connection.state !== "open") return Promise.reject(new NoAnswer("not-connected"));
  const tmpID = (payload as { TmpID: string }).TmpID;
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const timer = setTimeout(() => settle(() => reject(new NoAnswer("timeout"))), timeoutMs);
    function settle(outcome: () => void) {
      clearTimeout(timer);
      for (const stop of stops.splice(0)) stop();
      outcome();
    }
    stops.push(
      connection.subscribe(answer, (frame) => {
        if ((frame as { TmpID: string }).TmpID === tmpID) settle(() => resolve(frame));
      }),
      connection.subscribe(refusal, (frame) => {
        const envelope = frame as Envelope;
        if (envelope.Error.Data.TmpID === tmpID) settle(() => reject(new CommandRefused(envelope)));
      }),
      connection.onStateChange((state) => {
        if (state === "closed") settle(() => reject(new NoAnswer("closed")));
      }),
    );
    try {
      connection.send(command, payload);
    } catch (error) {
      // A payload the codec cannot encode: nothing went out, and nothing may stay subscribed.
      settle(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
  });
}
