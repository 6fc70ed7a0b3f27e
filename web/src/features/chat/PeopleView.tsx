/**
 * The people directory of the chat panel: everybody of the event but oneself, filtered by name as
 * the person types (debounced), a page at a time, each with "Message" and the person menu.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { ErrorBanner } from "./ErrorBanner";
import { usePeopleSearch } from "./people-search";
import { PersonRow } from "./PersonRow";
import { SearchField } from "./SearchField";

export function PeopleView() {
  const { t } = useTranslation();
  const search = usePeopleSearch();
  const listID = useId();
  const searching = search.term.trim() !== "";
  return (
    <div className="chat-people">
      <ErrorBanner />
      <SearchField value={search.term} onChange={search.setTerm} controls={search.status === "ready" && search.people.length > 0 ? listID : undefined} />
      {search.status === "loading" && (
        <p className="muted" role="status">
          {t("chat.searching")}
        </p>
      )}
      {search.status === "failed" && (
        <div className="chat-room__error" role="alert">
          <span>
            {t("chat.peopleFailed")} {t(errorMessageKey(search.error))}
          </span>
          <button type="button" className="chat-link-button" onClick={search.retry}>
            {t("common.retry")}
          </button>
        </div>
      )}
      {search.status === "ready" && search.people.length === 0 && (
        <p className="muted" role="status">
          {t(searching ? "chat.noPeople" : "chat.noOthers")}
        </p>
      )}
      {search.status === "ready" && search.people.length > 0 && (
        <ul className="chat-people__list" id={listID} aria-label={t("chat.peopleList")}>
          {search.people.map((person) => (
            <PersonRow key={person.PersonID} person={person} />
          ))}
        </ul>
      )}
      {search.moreFailed && (
        <p className="chat-people__more-failed" role="alert">
          {t("chat.moreFailed")}
        </p>
      )}
      {search.status === "ready" && search.hasMore && (
        <button type="button" className="chat-button chat-people__more" disabled={search.loadingMore} onClick={search.loadMore}>
          {search.loadingMore ? t("chat.searching") : t("chat.morePeople")}
        </button>
      )}
    </div>
  );
}
