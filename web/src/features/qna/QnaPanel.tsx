/**
 * The Q&A beside the session player: ask, upvote, and follow the questions live, sorted by votes
 * or by time with the pinned question on top. Shown only while the session takes questions
 * (`QnaEnabled`, which reaches the app with the session and its ACTIVITY_SYNC_NOTIFY pushes); it
 * can be folded away so the stream has the room.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { addUpvote, setUpvote, type Question, type UpvoteAnswer } from "./api";
import { AskForm } from "./AskForm";
import { useQnaT } from "./i18n";
import { applyUpvote, refusal, sortQuestions, toggleUpvote, upsertQuestion, type SortMode } from "./model";
import { QuestionItem } from "./QuestionItem";
import { questionsKey, useQuestions } from "./use-questions";
import "./qna.css";

/** The session fields the Q&A reads (a structural view of the sessions feature's `Session`). */
export interface QnaSession {
  ID: string;
  /** Absent in sessions stored before Q&A existed: on, as the contract's default. */
  QnaEnabled?: boolean;
}

function useUpvote(eventID: string, sessionID: string) {
  const client = useQueryClient();
  const { t } = useQnaT();
  const { t: tApp } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const key = questionsKey(eventID, sessionID);
  const update = (change: (list: Question[]) => Question[]) => client.setQueryData<Question[]>(key, (list) => (list ? change(list) : list));
  const mutation = useMutation({
    // Adding goes over the socket when it is open (`addUpvote`); taking back is always REST.
    mutationFn: ({ question, on }: { question: Question; on: boolean }): Promise<UpvoteAnswer> =>
      on ? addUpvote(eventID, sessionID, question.ID) : setUpvote(eventID, sessionID, question.ID, false).then((answer) => ({ via: "rest", question: answer })),
    // At once on screen; the answer (or the refusal) settles it.
    onMutate: ({ question, on }) => {
      setError(null);
      update((list) => toggleUpvote(list, question.ID, on));
    },
    onSuccess: (answer) => update((list) => (answer.via === "rest" ? upsertQuestion(list, answer.question) : applyUpvote(list, answer.upvote))),
    onError: (failure, { question, on }) => {
      // Upvoted already (another tab; or the socket's upvote counted after all before the REST
      // fallback): the toggle was right, the count comes with the next frame. Same code both ways.
      if (on && failure instanceof ApiError && failure.code === "ALREADY_UPVOTED") return;
      update((list) => list.map((q) => (q.ID === question.ID ? { ...q, Upvoted: question.Upvoted, Votes: question.Votes } : q)));
      const known = refusal(failure);
      setError(known ? t(known.key, known.values) : tApp(errorMessageKey(failure)));
    },
  });
  return { mutation, error };
}

export function QnaPanel({ eventID, session }: { eventID: string; session: QnaSession }) {
  const { t } = useQnaT();
  const id = useId();
  const [open, setOpen] = useState(true);
  const [mode, setMode] = useState<SortMode>("top");
  const enabled = session.QnaEnabled !== false;
  const query = useQuestions(enabled ? eventID : "", session.ID);
  const { mutation, error } = useUpvote(eventID, session.ID);
  const sorted = useMemo(() => sortQuestions(query.data ?? [], mode), [query.data, mode]);
  if (!enabled) return null;

  const pendingID = mutation.isPending ? mutation.variables.question.ID : null;
  return (
    // `data-folded` tells the player to give the stream its full width back (sessions/player.css).
    <section className={`qna${open ? "" : " qna--folded"}`} aria-label={t("title")} data-folded={open ? undefined : ""}>
      <header className="qna__header">
        <h3 id={`${id}-title`}>{t("heading", { count: sorted.length })}</h3>
        <button type="button" className="button button--secondary qna__fold" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          {open ? t("hide") : t("show")}
        </button>
      </header>
      <div className="qna__body" id={`${id}-body`} hidden={!open}>
        <AskForm eventID={eventID} sessionID={session.ID} />
        <div className="qna__sort" role="group" aria-label={t("sort.label")}>
          {(["top", "newest"] as const).map((m) => (
            <button key={m} type="button" className="qna__sort-button" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {m === "top" ? t("sort.top") : t("sort.newest")}
            </button>
          ))}
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {query.isPending ? (
          <p className="qna__state" role="status">
            {t("loading")}
          </p>
        ) : query.isError ? (
          <div className="qna__state" role="alert">
            <p>{t("loadFailed")}</p>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {t("retry")}
            </button>
          </div>
        ) : sorted.length === 0 ? (
          <p className="qna__state">{t("empty")}</p>
        ) : (
          <ol className="qna__list" aria-labelledby={`${id}-title`}>
            {sorted.map((question) => (
              <QuestionItem key={question.ID} question={question} busy={pendingID === question.ID} onUpvote={(q, on) => mutation.mutate({ question: q, on })} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
