/**
 * The speakers sidebar (attendee-app.md §2, §4): the speakers of an event day
 * (GET /lists/speakers?DayNumber, by last name), each with picture, name and role; choosing one
 * opens their page in the panel (SpeakerDetail), and Back returns to the same place in the list.
 */
import { useId, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { initialDay } from "./days";
import { DayTabs } from "./DayTabs";
import { useAgendaEvent } from "./hooks";
import { useAgendaT } from "./i18n";
import { useSpeakersDay } from "./queries";
import { SpeakerAvatar } from "./SpeakerAvatar";
import { SpeakerDetail, speakerRole } from "./SpeakerDetail";
import { useSpeakerPage } from "./speaker-page";
import "./agenda.css";

export function SpeakersPanel() {
  const { t } = useAgendaT();
  const agendaEvent = useAgendaEvent();
  const { eventID, days } = agendaEvent;
  const idBase = useId();
  const [chosenDay, setDay] = useState(() =>
    initialDay({ DateBeginUTC: agendaEvent.beginUTC, DateEndUTC: agendaEvent.endUTC, TimeZone: agendaEvent.eventZone }, days, Date.now()),
  );
  const day = Math.min(Math.max(chosenDay, 1), days.length);
  const query = useSpeakersDay(eventID, day);
  const page = useSpeakerPage();

  return (
    <div className="agenda agenda--speakers">
      {page.speaker ? <SpeakerDetail speaker={page.speaker} backLabel={t("speakers.backToList")} onBack={page.back} /> : null}
      <div className="agenda__main" hidden={page.speaker !== null}>
        <DayTabs days={days} selected={day} onSelect={setDay} idBase={idBase}>
          <LoadState query={query} loadingText={t("speakers.loading")} failedText={t("speakers.loadFailed")} />
          {query.data && query.data.length === 0 ? <p>{t("speakers.empty")}</p> : null}
          {query.data && query.data.length > 0 ? (
            <ul className="agenda-speaker-list">
              {query.data.map((speaker) => {
                const role = speakerRole(speaker);
                return (
                  <li key={speaker.ID}>
                    <button type="button" className="agenda-speaker-list__item" data-speaker={speaker.ID} onClick={(e) => page.show(speaker, e.currentTarget)}>
                      <SpeakerAvatar speaker={speaker} />
                      <span className="agenda-speaker-list__text">
                        <span className="agenda-speaker-list__name">{speaker.FullName}</span>
                        {role ? " " : null}
                        {role ? <span className="small muted">{role}</span> : null}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </DayTabs>
      </div>
    </div>
  );
}
