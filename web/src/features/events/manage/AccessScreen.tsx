/**
 * The organizer console's Access screen (`/manage/events/:eventId/access`, under the event's page
 * heading, so its own heading is an h2): the event's email
 * whitelist. An empty list leaves the event open to everyone with an account; otherwise only the
 * listed addresses and domains can log in. Entries are added by pasting or from a CSV file, after a
 * preview validated with the server's rules (whitelist.ts), and removed one by one or in bulk.
 * Every change replaces the whole list (PUT), one at a time.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { AccessAdd } from "./AccessAdd";
import { AccessRestriction } from "./AccessRestriction";
import { AccessList } from "./AccessList";
import { useReplaceWhitelist, useWhitelist, whitelistQuery, type WriteList } from "./access-api";
import { eventQuery } from "./api";
import { addAccessStrings } from "./access-i18n";
import { countKinds, MAX_ENTRIES } from "./whitelist";
import "./AccessScreen.css";

export function AccessScreen({ eventId }: { eventId: string }) {
  addAccessStrings();
  const { t } = useTranslation("access");
  const query = useWhitelist(eventId);
  // The rule switch (IsRestricted) lives on the event; the page layout has loaded it already.
  const event = useQuery(eventQuery(eventId));
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="access-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="access-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} focusAfterRetry={headingRef} />
      {query.data ? (
        <AccessEditor
          key={eventId}
          eventId={eventId}
          entries={query.data}
          restricted={event.data?.IsRestricted ?? false}
          announce={announce}
        />
      ) : null}
    </div>
  );
}

function AccessEditor({
  eventId,
  entries,
  restricted,
  announce,
}: {
  eventId: string;
  entries: string[];
  restricted: boolean;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation("access");
  const client = useQueryClient();
  const mutation = useReplaceWhitelist(eventId);
  const { busy, run } = useSubmitLock();
  const noteRef = useRef<HTMLParagraphElement>(null);
  const kinds = useMemo(() => countKinds(entries), [entries]);
  const { mutateAsync } = mutation;

  const write: WriteList = useCallback(
    (change, outcome) =>
      run(async () => {
        // The freshest list, not the one of the render that made the handler.
        const before = client.getQueryData(whitelistQuery(eventId).queryKey) ?? entries;
        const next = change(before);
        if (next === null) return;
        try {
          outcome.success(await mutateAsync(next), before);
        } catch (error) {
          outcome.failure(error, next);
        }
      }),
    [client, entries, eventId, mutateAsync, run],
  );

  const focusNote = useCallback(() => noteRef.current?.focus(), []);
  const empty = entries.length === 0;
  // Open to all: an empty list of an unrestricted event. Closed: an empty list of a restricted one.
  const open = empty && !restricted;
  const note = open ? t("openNote") : empty ? t("closedNote") : t("restrictedNote");
  return (
    <>
      <div className="access-summary">
        <ul className="access-summary__stats" aria-label={t("statsLabel")}>
          <li>
            <strong>{t("total", { count: entries.length })}</strong>
          </li>
          <li>{t("addresses", { count: kinds.address })}</li>
          <li>{t("domains", { count: kinds.domain })}</li>
        </ul>
        <p ref={noteRef} tabIndex={-1} className={`access-summary__note notice${open ? " access-summary__note--open" : ""}`}>
          {note}
        </p>
        <AccessRestriction eventId={eventId} restricted={restricted} announce={announce} />
        <p className="muted small">
          {t("domainRule")} {t("limit", { max: MAX_ENTRIES })}
        </p>
      </div>
      <AccessAdd entries={entries} busy={busy} write={write} announce={announce} />
      <AccessList
        entries={entries}
        busy={busy}
        write={write}
        announce={announce}
        onEmptied={focusNote}
      />
    </>
  );
}
