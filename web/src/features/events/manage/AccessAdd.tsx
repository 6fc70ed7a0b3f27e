/**
 * Adding to the whitelist: paste many entries or import a CSV file, see what saving would do
 * (new / already listed / not valid, with reasons; repeats counted once), then add the new ones.
 * On failure the text and the preview stay as they were.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { isBodyTooLarge, refusedEntries, type WriteList } from "./access-api";
import { buildPreview, decodeCsv, entriesFromCsv, MAX_ENTRIES, mergeEntries, splitPasted } from "./whitelist";

/** A CSV larger than this is refused before reading (5000 entries fit in far less). */
export const CSV_MAX_MB = 5;
/** How many new or invalid entries the preview lists; the counts are always complete. */
const PREVIEW_LIST_LIMIT = 100;

interface Batch {
  candidates: string[];
  /** The CSV file's name; absent when pasted. */
  file?: string;
  /** The pasted text that was checked. */
  text?: string;
}

type Problem = { kind: "nothingToCheck" } | { kind: "csvNothing"; file: string } | { kind: "csvTooLarge" } | { kind: "csvFailed" };

interface Props {
  entries: string[];
  busy: boolean;
  write: WriteList;
  announce: (text: string) => void;
}

export function AccessAdd({ entries, busy, write, announce }: Props) {
  const { t } = useTranslation("access");
  const { t: tc } = useTranslation();
  const ids = {
    heading: useId(),
    text: useId(),
    textHint: useId(),
    problem: useId(),
    file: useId(),
    fileHint: useId(),
    preview: useId(),
    invalid: useId(),
  };
  const [text, setText] = useState("");
  const [batch, setBatch] = useState<Batch | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; sent: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  // Recomputed when the list changes under an open preview (a removal meanwhile).
  const preview = useMemo(() => (batch ? buildPreview(batch.candidates, entries) : null), [batch, entries]);

  useEffect(() => {
    if (batch) previewRef.current?.focus();
  }, [batch]);

  const showBatch = (next: Batch) => {
    setProblem(null);
    setFailure(null);
    setBatch(next);
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    const candidates = splitPasted(text);
    if (candidates.length === 0) {
      setBatch(null);
      setProblem({ kind: "nothingToCheck" });
      textRef.current?.focus();
      return;
    }
    showBatch({ candidates, text });
  };

  const importFile = async (file: File) => {
    setBatch(null);
    setFailure(null);
    if (file.size > CSV_MAX_MB * 1024 * 1024) {
      setProblem({ kind: "csvTooLarge" });
      return;
    }
    let content: string;
    try {
      content = decodeCsv(await file.arrayBuffer());
    } catch {
      setProblem({ kind: "csvFailed" });
      return;
    }
    const candidates = entriesFromCsv(content);
    if (candidates.length === 0) setProblem({ kind: "csvNothing", file: file.name });
    else showBatch({ candidates, file: file.name });
  };

  const close = () => {
    if (busy) return;
    const fromFile = batch?.file !== undefined;
    setBatch(null);
    setFailure(null);
    (fromFile ? fileRef : textRef).current?.focus();
  };

  const save = () => {
    if (!batch) return;
    const fromFile = batch.file !== undefined;
    let added = 0;
    let wasOpen = false;
    void write(
      (current) => {
        // Against the freshest list, so nothing is counted or sent twice.
        const fresh = buildPreview(batch.candidates, current);
        if (fresh.added.length === 0 || fresh.overLimit > 0) return null;
        added = fresh.added.length;
        wasOpen = current.length === 0;
        setSaving(true);
        return mergeEntries(current, fresh.added);
      },
      {
        success: () => {
          setSaving(false);
          // What was typed while saving stays.
          if (!fromFile) setText((now) => (now === batch.text ? "" : now));
          // (unless another batch was checked meanwhile)
          setBatch((now) => (now === batch ? null : now));
          setFailure(null);
          announce([t("added", { count: added }), wasOpen ? t("nowRestricted") : ""].join(" ").trim());
          (fromFile ? fileRef : textRef).current?.focus();
        },
        failure: (error, sent) => {
          setSaving(false);
          setFailure({ error, sent });
        },
      },
    );
  };

  const problemText = (p: Problem): string => {
    switch (p.kind) {
      case "nothingToCheck":
        return t("nothingToCheck");
      case "csvNothing":
        return t("csvNothing", { file: p.file });
      case "csvTooLarge":
        return t("csvTooLarge", { max: CSV_MAX_MB });
      case "csvFailed":
        return t("csvFailed");
    }
  };
  const textProblem = problem?.kind === "nothingToCheck" ? problem : null;
  const textInvalid = textProblem !== null;
  const fileProblem = problem && problem.kind !== "nothingToCheck" ? problem : null;
  const refused = failure ? refusedEntries(failure.error, failure.sent) : [];

  return (
    <section className="access-add" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{t("addTitle")}</h3>
      <form onSubmit={check} noValidate>
        <div className="field">
          <label htmlFor={ids.text}>{t("pasteLabel")}</label>
          <textarea
            id={ids.text}
            ref={textRef}
            className="access-add__text"
            rows={6}
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-invalid={textInvalid || undefined}
            aria-describedby={textInvalid ? `${ids.textHint} ${ids.problem}` : ids.textHint}
            onChange={(event) => {
              setText(event.target.value);
              if (problem?.kind === "nothingToCheck") setProblem(null);
              // A preview of pasted text no longer matches the text: drop it (the text stays).
              if (batch && batch.file === undefined && !busy) {
                setBatch(null);
                setFailure(null);
              }
            }}
          />
          <span id={ids.textHint} className="field__hint">
            {t("pasteHint")}
          </span>
          {textProblem ? (
            <span id={ids.problem} className="field__error" role="alert">
              {problemText(textProblem)}
            </span>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary">
          {t("check")}
        </button>
      </form>
      <div className="field access-add__file">
        <label htmlFor={ids.file}>{t("csvLabel")}</label>
        <input
          id={ids.file}
          ref={fileRef}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={ids.fileHint}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again (after a change to it) reads it again.
            event.target.value = "";
            if (file) void importFile(file);
          }}
        />
        <span id={ids.fileHint} className="field__hint">
          {t("csvHint")}
        </span>
        {fileProblem ? (
          <span className="field__error" role="alert">
            {problemText(fileProblem)}
          </span>
        ) : null}
      </div>

      {batch && preview ? (
        <div className="access-preview" role="region" aria-labelledby={ids.preview}>
          <h4 id={ids.preview} ref={previewRef} tabIndex={-1}>
            {t("previewTitle")}
          </h4>
          {batch.file !== undefined ? <p className="muted">{t("csvRead", { file: batch.file })}</p> : null}
          <ul className="access-preview__counts" data-testid="access-preview-counts">
            <li>
              <strong>{t("previewNew", { count: preview.added.length })}</strong>
            </li>
            <li>{t("previewPresent", { count: preview.present.length })}</li>
            <li>{t("previewInvalid", { count: preview.invalid.length })}</li>
            {preview.duplicates > 0 ? <li>{t("previewDuplicates", { count: preview.duplicates })}</li> : null}
          </ul>
          {preview.added.length > 0 ? (
            <details className="access-preview__new">
              <summary>{t("newList")}</summary>
              <ul>
                {preview.added.slice(0, PREVIEW_LIST_LIMIT).map((entry) => (
                  <li key={entry}>{entry}</li>
                ))}
              </ul>
              <More count={preview.added.length - PREVIEW_LIST_LIMIT} />
            </details>
          ) : null}
          {preview.invalid.length > 0 ? (
            <>
              <p id={ids.invalid} className="access-preview__invalid-title">
                {t("invalidList")}
              </p>
              <ul className="access-preview__invalid" aria-labelledby={ids.invalid}>
                {preview.invalid.slice(0, PREVIEW_LIST_LIMIT).map((item, index) => (
                  <li key={index} className="access-entry">
                    {t("invalidItem", { value: item.value, reason: t(`reason.${item.reason}`) })}
                  </li>
                ))}
              </ul>
              <More count={preview.invalid.length - PREVIEW_LIST_LIMIT} />
            </>
          ) : null}
          {preview.overLimit > 0 ? (
            <p className="form-error">
              {t("overLimit", { total: preview.total, max: MAX_ENTRIES, over: preview.overLimit })}
            </p>
          ) : preview.added.length === 0 ? (
            <p>{t("nothingNew")}</p>
          ) : entries.length === 0 ? (
            <p className="notice">{t("closesEvent")}</p>
          ) : null}
          {failure ? (
            <div role="alert" className="form-error">
              <p>
                {t("saveFailed")} {isBodyTooLarge(failure.error) ? t("tooLargeToSave") : tc(errorMessageKey(failure.error))}
              </p>
              {refused.length > 0 ? <p>{t("refused", { entries: refused.join(", ") })}</p> : null}
            </div>
          ) : null}
          <div className="access-actions">
            {preview.added.length > 0 && preview.overLimit === 0 ? (
              <button type="button" className="button" aria-disabled={busy || undefined} onClick={save}>
                {saving ? t("saving") : t("save", { count: preview.added.length })}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={close}>
              {t("cancel")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function More({ count }: { count: number }) {
  const { t } = useTranslation("access");
  return count > 0 ? <p className="muted small">{t("more", { count })}</p> : null;
}
