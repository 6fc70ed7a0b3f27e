/**
 * The whitelist's entries: searchable, the first matches rendered (200 at a time, so thousands of
 * entries stay fast), each removable. Removing several at once, or the last entry (which opens the
 * event to everyone), asks first. After a removal the focus goes to the entry that took the removed
 * one's place, else the search field, else (list empty) the screen's note.
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { isBodyTooLarge, type WriteList } from "./access-api";
import { entryKind, filterEntries, withoutEntries } from "./whitelist";

export const PAGE_SIZE = 200;

interface Props {
  entries: string[];
  busy: boolean;
  write: WriteList;
  announce: (text: string) => void;
  /** The list is empty after a removal: the screen moves the focus to its note. */
  onEmptied: () => void;
}

interface Removal {
  removed: string[];
  /** Index among the shown entries of the first one removed: the focus goes there afterwards. */
  index: number;
  /** The control that asked, for the focus on cancel. */
  origin: HTMLElement | null;
  /** The list is empty afterwards (the event opens to everyone). */
  empties: boolean;
}

export function AccessList({ entries, busy, write, announce, onEmptied }: Props) {
  const { t } = useTranslation("access");
  const { t: tc } = useTranslation();
  const ids = { heading: useId(), search: useId(), question: useId(), consequence: useId() };
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [confirming, setConfirming] = useState<Removal | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  // Focus wishes, acted on once the list has rendered what they wait for.
  const focusAfterRemoval = useRef<Removal | null>(null);
  const focusAfterMore = useRef<number | null>(null);

  const matches = useMemo(() => filterEntries(entries, deferredQuery), [entries, deferredQuery]);
  const shown = useMemo(() => matches.slice(0, limit), [matches, limit]);
  const searching = deferredQuery.trim() !== "";

  const removeButtons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-entry]") ?? [])];

  useEffect(() => {
    const wish = focusAfterRemoval.current;
    // Waits until the removed entries are gone (the write succeeded and the list re-rendered).
    if (!wish) return;
    const present = new Set(entries);
    if (wish.removed.some((entry) => present.has(entry))) return;
    focusAfterRemoval.current = null;
    const buttons = removeButtons();
    const target = buttons[Math.min(wish.index, buttons.length - 1)];
    if (target) target.focus();
    else if (entries.length > 0) searchRef.current?.focus();
    else onEmptied();
  }, [entries, onEmptied]);

  useEffect(() => {
    const index = focusAfterMore.current;
    if (index === null) return;
    focusAfterMore.current = null;
    removeButtons()[index]?.focus();
  }, [shown]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = (removal: Removal) => {
    setFailure(null);
    void write(
      (current) => {
        // Set only once the write runs (a write refused as a double submit leaves no wish behind).
        focusAfterRemoval.current = removal;
        return withoutEntries(current, removal.removed);
      },
      {
        success: (stored) => {
          setConfirming(null);
          const count = removal.removed.length;
          const done = count === 1 ? t("removed", { entry: removal.removed[0] }) : t("removedMany", { count });
          announce([done, stored.length === 0 ? t("nowOpen") : ""].join(" ").trim());
        },
        failure: (error) => {
          focusAfterRemoval.current = null;
          setFailure(error);
        },
      },
    );
  };

  const ask = (removal: Removal) => {
    if (busy) return;
    setFailure(null);
    if (removal.removed.length > 1 || removal.empties) setConfirming(removal);
    else remove(removal);
  };

  const cancel = () => {
    if (busy || !confirming) return;
    const origin = confirming.origin;
    setConfirming(null);
    setFailure(null);
    if (origin?.isConnected) origin.focus();
  };

  if (entries.length === 0) return null;

  const failureText = failure
    ? `${t("removeFailed")} ${isBodyTooLarge(failure) ? t("tooLargeToSave") : tc(errorMessageKey(failure))}`
    : "";
  const bulk = searching ? matches : entries;

  return (
    <section className="access-list" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{t("listTitle")}</h3>
      <div className="access-list__tools">
        <div className="field">
          <label htmlFor={ids.search}>{t("searchLabel")}</label>
          <input
            id={ids.search}
            ref={searchRef}
            type="search"
            value={query}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setQuery(event.target.value);
              setLimit(PAGE_SIZE);
            }}
          />
        </div>
        {bulk.length > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={(event) =>
              ask({
                removed: bulk,
                index: 0,
                origin: event.currentTarget,
                empties: bulk.length === entries.length,
              })
            }
          >
            {searching ? t("removeMatching", { count: bulk.length }) : t("removeAll")}
          </button>
        ) : null}
      </div>
      <p role="status" className="muted small" data-testid="access-matches">
        {searching ? t("matches", { count: matches.length }) : ""}
        {shown.length < matches.length ? ` ${t("shown", { shown: shown.length, count: matches.length })}` : ""}
      </p>

      {confirming ? (
        <div
          ref={confirmRef}
          className="access-confirm"
          role="alertdialog"
          aria-labelledby={ids.question}
          aria-describedby={confirming.empties ? ids.consequence : undefined}
          tabIndex={-1}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === "Escape") cancel();
          }}
        >
          <p id={ids.question} className="access-confirm__question">
            {confirming.removed.length === 1
              ? t("confirmOne", { entry: confirming.removed[0] })
              : t("confirmMany", { count: confirming.removed.length })}
          </p>
          {confirming.empties ? <p id={ids.consequence}>{t("confirmOpens")}</p> : null}
          {failure ? (
            <p role="alert" className="form-error">
              {failureText}
            </p>
          ) : null}
          <div className="access-actions">
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => remove(confirming)}>
              {t("confirmYes")}
            </button>
            <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={cancel}>
              {t("cancel")}
            </button>
          </div>
        </div>
      ) : failure ? (
        <p role="alert" className="form-error">
          {failureText}
        </p>
      ) : null}

      <ul ref={listRef} className="access-list__entries" aria-labelledby={ids.heading}>
        {shown.map((entry, index) => (
          <li key={entry} className="access-list__entry">
            <span className="access-entry">{entry}</span>
            <span className="muted small">{entryKind(entry) === "address" ? t("kindAddress") : t("kindDomain")}</span>
            <button
              type="button"
              className="link-button"
              data-entry={entry}
              aria-label={t("removeEntry", { entry })}
              aria-disabled={busy || undefined}
              onClick={(event) =>
                ask({ removed: [entry], index, origin: event.currentTarget, empties: entries.length === 1 })
              }
            >
              {t("remove")}
            </button>
          </li>
        ))}
      </ul>
      {shown.length < matches.length ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            focusAfterMore.current = shown.length;
            setLimit((n) => n + PAGE_SIZE);
          }}
        >
          {t("showMore", { count: Math.min(PAGE_SIZE, matches.length - shown.length) })}
        </button>
      ) : null}
    </section>
  );
}
