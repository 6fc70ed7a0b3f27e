/**
 * Choosing people for a group (a new one, or an invitation): the directory's search with "Add"
 * per person, and the chosen ones as chips with a remove button each. Members already in the
 * group are shown as such and cannot be added again.
 */
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "./Avatar";
import { usePeopleSearch } from "./people-search";
import { SearchField } from "./SearchField";
import type { ChatAttendee } from "./types";

interface Props {
  chosen: ChatAttendee[];
  onChange: (chosen: ChatAttendee[]) => void;
  /** How many may be chosen at once (a group's member cap, an invitation's limit). */
  max: number;
  members?: readonly string[];
}

export function PeoplePicker({ chosen, onChange, max, members = [] }: Props) {
  const { t } = useTranslation();
  const search = usePeopleSearch();
  // Adding or removing takes away the button that had the focus: it goes to the search box,
  // where the next person is looked for, or to the list of chosen people.
  const field = useRef<HTMLInputElement>(null);
  const chosenGroup = useRef<HTMLDivElement>(null);
  const chosenIDs = new Set(chosen.map((p) => p.PersonID));
  const full = chosen.length >= max;
  const remove = (person: ChatAttendee) => {
    onChange(chosen.filter((p) => p.PersonID !== person.PersonID));
    chosenGroup.current?.focus();
  };
  const add = (person: ChatAttendee) => {
    onChange([...chosen, person]);
    field.current?.focus();
  };
  const nameOf = (person: ChatAttendee) => person.FullName || t("chat.someone");
  return (
    <div className="chat-picker">
      <div className="chat-picker__chosen" role="group" aria-label={t("chat.chosen")} ref={chosenGroup} tabIndex={-1}>
        {chosen.length === 0 ? (
          <p className="muted">{t("chat.noneChosen")}</p>
        ) : (
          <ul className="chat-chips">
            {chosen.map((person) => (
              <li key={person.PersonID} className="chat-chip">
                <span>{nameOf(person)}</span>
                <button type="button" className="chat-chip__remove" aria-label={t("chat.removePerson", { name: nameOf(person) })} onClick={() => remove(person)}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {full && <p className="muted">{t("chat.tooManyChosen", { max })}</p>}
      </div>
      <SearchField value={search.term} onChange={search.setTerm} label={t("chat.addPeople")} inputRef={field} />
      {search.status === "loading" && <p className="muted">{t("chat.searching")}</p>}
      {search.status === "failed" && (
        <p className="chat-room__error" role="alert">
          {t("chat.peopleFailed")}{" "}
          <button type="button" className="chat-link-button" onClick={search.retry}>
            {t("common.retry")}
          </button>
        </p>
      )}
      {search.status === "ready" && search.people.length === 0 && <p className="muted">{t("chat.noPeople")}</p>}
      {search.status === "ready" && search.people.length > 0 && (
        <ul className="chat-people__list" aria-label={t("chat.peopleList")}>
          {search.people.map((person) => {
            const name = nameOf(person);
            const member = members.includes(person.PersonID);
            const added = chosenIDs.has(person.PersonID);
            return (
              <li key={person.PersonID} className="chat-person">
                <Avatar name={name} pictureURL={person.PictureURL || null} />
                <span className="chat-person__name">{name}</span>
                {member || added ? (
                  <span className="chat-person__state">{t(member ? "chat.inGroup" : "chat.added")}</span>
                ) : (
                  <button type="button" className="chat-button" disabled={full} aria-label={t("chat.addPerson", { name })} onClick={() => add(person)}>
                    {t("chat.add")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {search.status === "ready" && search.hasMore && (
        <button type="button" className="chat-button chat-people__more" disabled={search.loadingMore} onClick={search.loadMore}>
          {t("chat.morePeople")}
        </button>
      )}
    </div>
  );
}
