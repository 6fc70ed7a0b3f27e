/**
 * One question: its text (as text, never markup), who asked and when, the badges (pinned,
 * answered, waiting for approval, not published) and the upvote toggle. Only published questions
 * take votes, so a pending or hidden one shows no button.
 */
import { useDisplayZone } from "@/features/accounts";
import { formatTime } from "@/lib/dates";
import type { Question } from "./api";
import { useQnaT } from "./i18n";

interface Props {
  question: Question;
  busy: boolean;
  onUpvote: (question: Question, on: boolean) => void;
}

export function QuestionItem({ question: q, busy, onUpvote }: Props) {
  const { t, language } = useQnaT();
  const zone = useDisplayZone();
  const author = q.Mine
    ? q.Anonymous
      ? t("question.youAnonymous")
      : t("question.you")
    : (q.AuthorName ?? t("question.anonymous"));
  return (
    <li className={`question${q.Pinned ? " question--pinned" : ""}`} data-question={q.ID}>
      <div className="question__main">
        <p className="question__text">{q.Text}</p>
        <p className="question__meta">
          <span>{t("question.asked", { author, time: formatTime(q.CreatedAt, language, zone) })}</span>
          {q.Pinned ? <span className="question__badge question__badge--pinned">{t("question.pinned")}</span> : null}
          {q.Answered ? <span className="question__badge question__badge--answered">{t("question.answered")}</span> : null}
          {q.Status === "pending" ? <span className="question__badge question__badge--pending">{t("question.pending")}</span> : null}
          {q.Status === "hidden" ? <span className="question__badge question__badge--hidden">{t("question.hidden")}</span> : null}
        </p>
      </div>
      {q.Status === "visible" ? (
        <button
          type="button"
          className="question__vote"
          aria-pressed={q.Upvoted}
          aria-disabled={busy || undefined}
          aria-label={t("question.upvote", { count: q.Votes })}
          onClick={() => {
            if (!busy) onUpvote(q, !q.Upvoted);
          }}
        >
          <span aria-hidden="true">{"▲"}</span>
          <span>{q.Votes}</span>
        </button>
      ) : null}
    </li>
  );
}
