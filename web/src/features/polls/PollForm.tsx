/**
 * The vote form of one poll: radio buttons for a single-choice poll, checkboxes for a
 * multiple-choice one, and an "Other" choice with its own text when the poll allows it. The rules
 * are checked before sending (model.ts `checkChoice`); the server's refusal is shown the same way.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Ballot, PollView } from "./api";
import { usePollsT } from "./i18n";
import { checkChoice, OTHER_MAX, type Choice } from "./model";

interface Props {
  poll: PollView;
  /** The ballot being changed, whose choice the form starts with. */
  initial: Ballot | null;
  busy: boolean;
  /** A refusal or failure to show under the choices (already translated). */
  error: string | null;
  onSubmit: (body: { OptionIDs: string[]; Other: string | null }) => void;
  onCancel?: () => void;
}

const fromBallot = (ballot: Ballot | null): Choice => ({
  optionIDs: ballot?.OptionIDs ?? [],
  other: ballot?.Other != null,
  otherText: ballot?.Other ?? "",
});

export function PollForm({ poll, initial, busy, error, onSubmit, onCancel }: Props) {
  const { t } = usePollsT();
  const id = useId();
  const [choice, setChoice] = useState<Choice>(() => fromBallot(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const type = poll.Multiple ? "checkbox" : "radio";
  const shown = problem ?? error;

  // Changing a vote starts at the current choice: the focus goes there, not back to the page.
  useEffect(() => {
    if (!initial) return;
    const inputs = fieldset.current;
    (inputs?.querySelector<HTMLInputElement>("input:checked") ?? inputs?.querySelector<HTMLInputElement>("input"))?.focus();
  }, [initial]);

  const toggle = (optionID: string, on: boolean) => {
    setProblem(null);
    setChoice((c) =>
      poll.Multiple
        ? { ...c, optionIDs: on ? [...c.optionIDs, optionID] : c.optionIDs.filter((o) => o !== optionID) }
        : { ...c, optionIDs: [optionID], other: false },
    );
  };
  const setOther = (on: boolean) => {
    setProblem(null);
    setChoice((c) => (poll.Multiple ? { ...c, other: on } : { ...c, other: on, optionIDs: on ? [] : c.optionIDs }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkChoice(poll, choice);
    if (!checked.ok) {
      setProblem(t(checked.key, checked.values));
      return;
    }
    setProblem(null);
    onSubmit(checked.body);
  };

  const name = `poll-${id}`;
  return (
    <form className="poll-form" onSubmit={submit} noValidate>
      <fieldset ref={fieldset} aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}>
        <legend className="visually-hidden">{poll.Question}</legend>
        <p className="poll-form__hint" id={`${id}-hint`}>
          {poll.Multiple ? t("poll.multiple") : t("poll.single")}
        </p>
        {poll.Options.map((option) => (
          <label key={option.ID} className="poll-form__option">
            <input type={type} name={name} value={option.ID} checked={choice.optionIDs.includes(option.ID)} onChange={(e) => toggle(option.ID, e.target.checked)} />
            <span>{option.Text}</span>
          </label>
        ))}
        {poll.AllowOther ? (
          <div className="poll-form__other">
            <label className="poll-form__option">
              <input type={type} name={name} value="" checked={choice.other} onChange={(e) => setOther(e.target.checked)} />
              <span>{t("form.other")}</span>
            </label>
            <input
              type="text"
              className="poll-form__other-text"
              aria-label={t("form.otherText")}
              aria-describedby={`${id}-counter`}
              maxLength={OTHER_MAX}
              value={choice.otherText}
              onChange={(e) => {
                const text = e.target.value;
                setProblem(null);
                // Writing an answer chooses "Other"; for a single-choice poll that replaces the option.
                setChoice((c) => ({ ...c, otherText: text, ...(text.trim() ? { other: true, optionIDs: poll.Multiple ? c.optionIDs : [] } : {}) }));
              }}
            />
            <span className="poll-form__counter" id={`${id}-counter`}>
              {t("form.counter", { count: choice.otherText.length, max: OTHER_MAX })}
            </span>
          </div>
        ) : null}
      </fieldset>
      {shown ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {shown}
        </p>
      ) : null}
      <div className="poll-form__actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("form.sending") : initial ? t("form.save") : t("form.vote")}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t("form.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
