/**
 * One tab's questions: the text, who asked (their real name even when attendees see the question
 * as anonymous, which is said beside it), the votes, when it was asked (in the event's zone), and
 * whether it is pinned; then the moderation actions this tab offers. Each action button is tied to
 * its question's text (`aria-describedby`), so a screen reader says which question it acts on.
 * Items carry `data-question` and buttons `data-action`, by which the screen puts the focus back
 * after an action re-orders or removes them.
 */
import type { QuestionChange, QuestionView } from "./api";
import { formatInZone } from "./event-time";
import { useQnaT, type QnaKey } from "./qna-manage-i18n";
import type { QnaTab } from "./qna-model";

/** A moderation step: its button's key, what it sends, and how it is announced. */
export interface QuestionAction {
  name: "approve" | "answer" | "unanswer" | "pin" | "unpin" | "hide" | "show" | "delete";
  /** Stable across the two sides of a toggle (pin/unpin), for putting the focus back. */
  slot: string;
  change: QuestionChange | null;
}

export function actionsFor(tab: QnaTab, question: QuestionView): QuestionAction[] {
  const pin: QuestionAction = question.Pinned ? { name: "unpin", slot: "pin", change: { Pinned: false } } : { name: "pin", slot: "pin", change: { Pinned: true } };
  const hide: QuestionAction = { name: "hide", slot: "hide", change: { Status: "hidden" } };
  const remove: QuestionAction = { name: "delete", slot: "delete", change: null };
  switch (tab) {
    case "pending":
      return [{ name: "approve", slot: "approve", change: { Status: "visible" } }, hide, remove];
    case "visible":
      return [{ name: "answer", slot: "answer", change: { Answered: true } }, pin, hide, remove];
    case "answered":
      return [{ name: "unanswer", slot: "answer", change: { Answered: false } }, pin, hide, remove];
    case "hidden":
      return [{ name: "show", slot: "show", change: { Status: "visible" } }, remove];
  }
}

export interface QuestionListProps {
  tab: QnaTab;
  questions: QuestionView[];
  timeZone: string;
  /** The question whose action is being saved. */
  working: string | null;
  onAction: (question: QuestionView, action: QuestionAction) => void;
}

export function QuestionList({ tab, questions, timeZone, working, onAction }: QuestionListProps) {
  const t = useQnaT();
  return (
    <ul className="qna-list">
      {questions.map((question) => {
        const textId = `question-${question.ID}`;
        return (
          <li key={question.ID} className={`qna-item${question.Pinned ? " qna-item--pinned" : ""}`} data-question={question.ID} data-testid="question">
            <p className="qna-item__text" id={textId}>
              {question.Text}
            </p>
            <p className="qna-item__meta small">
              <span className="qna-item__author">{question.AuthorName ?? t("question.noName")}</span>
              {question.Anonymous ? <span className="qna-badge">{t("question.anonymous")}</span> : null}
              {question.Pinned ? <span className="qna-badge qna-badge--pinned">{t("question.pinned")}</span> : null}
              <span>{t("question.votes", { count: question.Votes })}</span>
              <time dateTime={question.CreatedAt}>{formatInZone(question.CreatedAt, timeZone)}</time>
            </p>
            <div className="qna-item__actions">
              {actionsFor(tab, question).map((action) => (
                <button
                  key={action.name}
                  type="button"
                  className={`button button--secondary qna-action${action.name === "delete" ? " qna-action--delete" : ""}`}
                  data-action={action.slot}
                  aria-describedby={textId}
                  aria-disabled={working === question.ID || undefined}
                  onClick={() => {
                    if (working !== question.ID) onAction(question, action);
                  }}
                >
                  {t(`actions.${action.name}` satisfies QnaKey)}
                </button>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
