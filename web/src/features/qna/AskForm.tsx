/**
 * Asking a question: the text (at most 500 characters, with a counter), "ask anonymously", and a
 * status line that says whether the question is up or waits for the moderators. The form keeps
 * the text when the server refuses it, so nothing typed is lost.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { askQuestion, type Question } from "./api";
import { useQnaT } from "./i18n";
import { QUESTION_MAX, refusal, upsertQuestion } from "./model";
import { questionsKey } from "./use-questions";

export function AskForm({ eventID, sessionID }: { eventID: string; sessionID: string }) {
  const { t } = useQnaT();
  const { t: tApp } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const ask = useMutation({
    mutationFn: (body: { Text: string; Anonymous: boolean }) => askQuestion(eventID, sessionID, body),
    onSuccess: (question) => {
      client.setQueryData<Question[]>(questionsKey(eventID, sessionID), (list) => (list ? upsertQuestion(list, { ...question, Mine: true }) : list));
      setText("");
      setStatus(question.Status === "pending" ? t("ask.pending") : t("ask.posted"));
    },
    onError: (failure) => {
      const known = refusal(failure);
      setError(known ? t(known.key, known.values) : tApp(errorMessageKey(failure)));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending) return;
    const trimmed = text.trim();
    setStatus("");
    if (!trimmed) {
      setError(t("ask.empty"));
      return;
    }
    if (trimmed.length > QUESTION_MAX) {
      setError(t("ask.tooLong", { max: QUESTION_MAX }));
      return;
    }
    setError(null);
    ask.mutate({ Text: trimmed, Anonymous: anonymous });
  };

  return (
    <form className="qna-ask" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>{t("ask.label")}</label>
      <textarea
        id={`${id}-text`}
        rows={2}
        maxLength={QUESTION_MAX}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <span className="qna-ask__count" id={`${id}-count`}>
        {t("ask.counter", { count: text.length, max: QUESTION_MAX })}
      </span>
      <div className="qna-ask__row">
        <label className="qna-ask__anonymous">
          <input type="checkbox" checked={anonymous} aria-describedby={`${id}-anon`} onChange={(e) => setAnonymous(e.target.checked)} />
          <span>{t("ask.anonymous")}</span>
        </label>
        <button type="submit" className="button" aria-disabled={ask.isPending || undefined}>
          {ask.isPending ? t("ask.sending") : t("ask.submit")}
        </button>
      </div>
      {/* Shown once the box is ticked, since the list needs the room; screen readers hear it with
          the box either way, before they decide. */}
      <span className={anonymous ? "qna-ask__hint" : "visually-hidden"} id={`${id}-anon`}>
        {t("ask.anonymousHint")}
      </span>
      {error ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {/* Present before it has something to say, so screen readers announce what it says later. */}
      <p className="qna-ask__status" role="status">
        {status}
      </p>
    </form>
  );
}
