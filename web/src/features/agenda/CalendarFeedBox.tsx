/**
 * The calendar subscription (server: `/events/{E}/agenda/calendar`): a secret iCalendar URL of the
 * personal agenda that calendar apps poll. The server keeps only a hash of the secret, so the URL
 * is shown once, right after it is created, with a copy button; afterwards the box says that one
 * exists and since when. Replacing it (a new secret; the old URL stops working) and turning it
 * off both ask first, since subscribed calendars stop updating.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { useDisplayZone } from "@/features/accounts";
import { formatDate } from "@/lib/dates";
import { issueCalendarFeed, revokeCalendarFeed, type CalendarFeedState, type IssuedFeed } from "./api";
import { useAgendaT } from "./i18n";
import { agendaKeys, useCalendarFeed } from "./queries";

type Asking = "rotate" | "revoke" | null;
type CopyState = "idle" | "copied" | "failed";

/** The same feed for calendar apps that open `webcal:` links (most desktop and phone calendars). */
const webcalURL = (url: string): string => url.replace(/^https?:/i, "webcal:");

function IssuedURL({ feed }: { feed: IssuedFeed }) {
  const { t } = useAgendaT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");
  // The create button is gone once the URL is here: the focus goes to the URL itself.
  useEffect(() => input.current?.focus(), [feed.URL]);
  const onCopy = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) {
      input.current?.select();
      setCopy("failed");
      return;
    }
    clipboard.writeText(feed.URL).then(
      () => setCopy("copied"),
      () => {
        input.current?.select();
        setCopy("failed");
      },
    );
  };
  return (
    <div className="agenda-feed__issued">
      <p>{t("feed.created")}</p>
      <label className="agenda-feed__label" htmlFor={id}>
        {t("feed.urlLabel")}
      </label>
      <input ref={input} id={id} className="agenda-feed__url" type="text" readOnly value={feed.URL} onFocus={(e) => e.currentTarget.select()} />
      <div className="agenda-feed__actions">
        <button type="button" className="button agenda-action" onClick={onCopy}>
          {t("feed.copy")}
        </button>
        <a className="button button--secondary agenda-action" href={webcalURL(feed.URL)}>
          {t("feed.open")}
        </a>
      </div>
      <p role="status" className="small">
        {copy === "copied" ? t("feed.copied") : copy === "failed" ? t("feed.copyFailed") : ""}
      </p>
    </div>
  );
}

export function CalendarFeedBox({ eventID }: { eventID: string }) {
  const { t, errorText } = useAgendaT();
  const client = useQueryClient();
  const titleID = useId();
  const feed = useCalendarFeed(eventID);
  const zone = useDisplayZone();
  const [issued, setIssued] = useState<IssuedFeed | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const keepFocus = useRef(false);
  // After turning the link off, its buttons are gone: the focus goes to "Create" when it appears.
  const focusCreate = useRef(false);
  const createButton = (button: HTMLButtonElement | null) => {
    if (button && focusCreate.current) {
      focusCreate.current = false;
      button.focus();
    }
  };

  const storeState = (state: CalendarFeedState) => client.setQueryData(agendaKeys.feed(eventID), state);
  const issue = useMutation({
    mutationFn: () => issueCalendarFeed(eventID),
    onMutate: () => {
      setError(null);
      setStatus("");
    },
    onSuccess: (next) => {
      setIssued(next);
      storeState({ Active: true, CreatedAt: next.CreatedAt });
      // The URL field takes the focus (IssuedURL), not the button that opened the question.
      keepFocus.current = true;
      setAsking(null);
    },
    onError: (e) => setError(t("feed.failed", { reason: errorText(e) })),
  });
  const revoke = useMutation({
    mutationFn: () => revokeCalendarFeed(eventID),
    onMutate: () => setError(null),
    onSuccess: () => {
      setIssued(null);
      storeState({ Active: false, CreatedAt: null });
      setStatus(t("feed.revoked"));
      keepFocus.current = true;
      focusCreate.current = true;
      setAsking(null);
    },
    onError: (e) => setError(t("feed.failed", { reason: errorText(e) })),
  });

  const ask = (what: Exclude<Asking, null>) => {
    keepFocus.current = false;
    setError(null);
    setAsking(what);
  };
  const active = feed.data?.Active === true;
  const busy = issue.isPending || revoke.isPending;

  return (
    <section className="agenda-feed" aria-labelledby={titleID}>
      <h3 id={titleID}>{t("feed.title")}</h3>
      <p className="small">{t("feed.intro")}</p>
      {feed.isPending ? <p role="status">{t("feed.loading")}</p> : null}
      {feed.isError ? <p role="alert">{t("feed.loadFailed")}</p> : null}
      {issued ? <IssuedURL feed={issued} /> : null}
      {feed.data && !active ? (
        <>
          <p>{t("feed.none")}</p>
          <button ref={createButton} type="button" className="button agenda-action" disabled={busy} onClick={() => issue.mutate()}>
            {issue.isPending ? t("feed.creating") : t("feed.create")}
          </button>
        </>
      ) : null}
      {active && !issued && feed.data?.CreatedAt ? <p>{t("feed.active", { date: formatDate(feed.data.CreatedAt, zone) })}</p> : null}
      {active ? (
        <div className="agenda-feed__actions">
          <button type="button" className="button button--secondary agenda-action" disabled={busy} onClick={() => ask("rotate")}>
            {t("feed.rotate")}
          </button>
          <button type="button" className="button button--secondary agenda-action" disabled={busy} onClick={() => ask("revoke")}>
            {t("feed.revoke")}
          </button>
        </div>
      ) : null}
      {error && !asking ? <p role="alert">{error}</p> : null}
      <p role="status" className="small">
        {status}
      </p>
      {asking ? (
        <ConfirmDialog
          title={asking === "rotate" ? t("feed.rotateTitle") : t("feed.revokeTitle")}
          body={asking === "rotate" ? t("feed.rotateBody") : t("feed.revokeBody")}
          confirmLabel={asking === "rotate" ? t("feed.rotate") : t("feed.revoke")}
          busyLabel={asking === "rotate" ? t("feed.rotateBusy") : t("feed.revokeBusy")}
          cancelLabel={t("feed.cancel")}
          busy={busy}
          error={error}
          keepFocus={keepFocus}
          onConfirm={() => (asking === "rotate" ? issue.mutate() : revoke.mutate())}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
