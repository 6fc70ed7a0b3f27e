/**
 * One poll in the panel: the question, its state, the vote form (or the attendee's ballot with
 * "Change my vote", disabled when the poll does not allow changes), and the tally when attendees
 * may see it. The ballot goes over the socket when it is open, else over REST (`castBallot`); a
 * refusal, by either way, is explained in words, and when it says the poll changed under the
 * attendee (closed, edited, already voted) the poll is read again.
 */
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { formatTime } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { castBallot, getPoll, type PollView, type Where } from "./api";
import { usePollFocus } from "./focus";
import { usePollsT } from "./i18n";
import { applyBallot, refusal, replacePoll } from "./model";
import { PollForm } from "./PollForm";
import { PollResults } from "./PollResults";

interface Props {
  eventID: string;
  poll: PollView;
  where: Where;
  /** The panel's list query, which this card updates with the answers it gets. */
  listKey: QueryKey;
}

function useBallot({ eventID, poll, where, listKey }: Props, onSaved: () => void) {
  const client = useQueryClient();
  const { t } = usePollsT();
  const { t: tApp } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const update = (change: (polls: PollView[]) => PollView[]) => client.setQueryData<PollView[]>(listKey, (polls) => (polls ? change(polls) : polls));
  const mutation = useMutation({
    mutationFn: (body: { OptionIDs: string[]; Other: string | null }) => castBallot(eventID, poll.ID, body),
    onMutate: () => setError(null),
    onSuccess: (ballot) => {
      update((polls) => applyBallot(polls, ballot));
      onSaved();
    },
    onError: (failure) => {
      const known = refusal(failure, poll.Multiple);
      setError(known ? t(known.key, known.values) : tApp(errorMessageKey(failure)));
      if (known?.gone) return;
      if (known?.reread) {
        getPoll(eventID, poll.ID)
          .then((fresh) => update((polls) => replacePoll(polls, fresh, where)))
          .catch(() => undefined);
      }
    },
  });
  return { mutation, error, clearError: () => setError(null) };
}

export function PollCard(props: Props) {
  const { poll } = props;
  const { t, language } = usePollsT();
  const zone = useDisplayZone();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const { mutation, error, clearError } = useBallot(props, () => {
    setEditing(false);
    setSaved(true);
  });
  const requested = usePollFocus((s) => s.pollID === poll.ID);
  const focusDone = usePollFocus((s) => s.done);

  // The notice's "Vote" asked for this poll: bring it into view and put the focus on it.
  useEffect(() => {
    if (!requested) return;
    heading.current?.scrollIntoView?.({ block: "nearest" });
    heading.current?.focus();
    focusDone();
  }, [requested, focusDone]);
  // After a vote the form goes: the focus moves to what replaced it, so it is not lost. The ballot
  // reaches the list a moment after `saved` is set, so this waits until the summary is there.
  const ballotAt = poll.MyBallot?.UpdatedAt;
  useEffect(() => {
    if (saved) summary.current?.focus();
  }, [saved, ballotAt]);

  const open = poll.State === "open";
  const ballot = poll.MyBallot;
  const showForm = open && (!ballot || editing);
  const choices = ballot
    ? [
        ...poll.Options.filter((o) => ballot.OptionIDs.includes(o.ID)).map((o) => o.Text),
        ...(ballot.Other != null ? [t("ballot.ownAnswer", { text: ballot.Other })] : []),
      ].join(", ")
    : "";

  return (
    <article className="poll" aria-labelledby={`${id}-q`} data-poll={poll.ID}>
      <h3 className="poll__question" id={`${id}-q`} ref={heading} tabIndex={-1}>
        {poll.Question}
      </h3>
      <p className="poll__meta">
        <span className={`poll__state poll__state--${poll.State}`}>{open ? t("poll.open") : t("poll.closed")}</span>
        {open && poll.ClosesAt ? <span>{t("poll.closesAt", { time: formatTime(poll.ClosesAt, language, zone) })}</span> : null}
      </p>
      {showForm ? (
        <PollForm
          poll={poll}
          initial={editing ? ballot : null}
          busy={mutation.isPending}
          error={error}
          onSubmit={(body) => mutation.mutate(body)}
          onCancel={
            editing
              ? () => {
                  setEditing(false);
                  clearError();
                  // Back to the button that opened the form.
                  setTimeout(() => changeButton.current?.focus(), 0);
                }
              : undefined
          }
        />
      ) : (
        <div className="poll__ballot">
          <p ref={summary} tabIndex={-1}>
            {ballot ? t("ballot.yours", { choices }) : t("ballot.none")}
            {saved && ballot ? <span className="poll__saved"> {t("ballot.saved")}</span> : null}
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {open && ballot ? (
            <>
              <button
                type="button"
                ref={changeButton}
                className="button button--secondary"
                disabled={!poll.AllowChange}
                aria-describedby={poll.AllowChange ? undefined : `${id}-locked`}
                onClick={() => {
                  setSaved(false);
                  clearError();
                  setEditing(true);
                }}
              >
                {t("form.change")}
              </button>
              {poll.AllowChange ? null : (
                <p className="poll__note" id={`${id}-locked`}>
                  {t("ballot.locked")}
                </p>
              )}
            </>
          ) : null}
        </div>
      )}
      {poll.ResultsVisible && poll.Tally ? (
        <PollResults poll={poll} tally={poll.Tally} />
      ) : poll.ResultsVisible ? (
        <p className="poll__note" role="status">
          {t("results.loading")}
        </p>
      ) : poll.Results === "closed" && open ? (
        <p className="poll__note">{t("results.afterClose")}</p>
      ) : poll.Results === "hidden" ? (
        <p className="poll__note">{t("results.hidden")}</p>
      ) : null}
    </article>
  );
}
