/**
 * The session's speakers: a group of checkboxes over the event's speakers (by name, as a printed
 * list), never typed ids. Speakers are made in the Speakers section; a long list gets a filter
 * that hides names not matching, never ticked ones. The value keeps the order speakers were
 * chosen in (the stored links first), which becomes the agenda's order of new links.
 */
import { useId, useMemo, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { consolePaths } from "@/lib/console-paths";
import type { SpeakerActivity } from "./api";
import { useScheduleT } from "./schedule-i18n";
import type { SessionFormValues } from "./session-schema";
import { bySpeakerName, speakerName, speakerRole } from "./speakers-model";

const FILTER_FROM = 8;

export function SessionSpeakersField({ eventId, speakers, error }: { eventId: string; speakers: SpeakerActivity[]; error: string | undefined }) {
  const t = useScheduleT();
  const id = useId();
  const { control } = useFormContext<SessionFormValues>();
  const { field } = useController({ control, name: "SpeakerIDs" });
  const [filter, setFilter] = useState("");
  const sorted = useMemo(() => [...speakers].sort(bySpeakerName), [speakers]);
  const chosen = field.value;
  const needle = filter.trim().toLocaleLowerCase();
  const shown = sorted.filter((s) => needle === "" || chosen.includes(s.ID) || `${speakerName(s)} ${speakerRole(s)}`.toLocaleLowerCase().includes(needle));
  const toggle = (speakerId: string, on: boolean) => field.onChange(on ? [...chosen, speakerId] : chosen.filter((s) => s !== speakerId));

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>{t("form.speakers")}</legend>
      <p id={`${id}-hint`} className="small muted">
        {speakers.length === 0 ? t("form.noSpeakers") : t("form.speakersHint", { count: chosen.length })}{" "}
        <Link to={consolePaths.eventSection(eventId, "speakers")}>{t("form.toSpeakers")}</Link>
      </p>
      {speakers.length > FILTER_FROM ? (
        <div className="field">
          <label htmlFor={`${id}-filter`}>{t("form.findSpeaker")}</label>
          <input id={`${id}-filter`} type="search" autoComplete="off" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      ) : null}
      <ul className="schedule-speaker-choices">
        {shown.map((speaker, index) => {
          const role = speakerRole(speaker);
          return (
            <li key={speaker.ID} className="field field--checkbox">
              <input
                id={`${id}-${speaker.ID}`}
                type="checkbox"
                ref={index === 0 ? field.ref : undefined}
                checked={chosen.includes(speaker.ID)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => toggle(speaker.ID, e.target.checked)}
                onBlur={field.onBlur}
              />
              <label htmlFor={`${id}-${speaker.ID}`}>
                {speakerName(speaker)}
                {role ? <span className="small muted"> · {role}</span> : null}
              </label>
            </li>
          );
        })}
        {/* A linked speaker deleted meanwhile: listed so it can be unticked. */}
        {chosen
          .filter((speakerId) => !speakers.some((s) => s.ID === speakerId))
          .map((speakerId) => (
            <li key={speakerId} className="field field--checkbox">
              <input id={`${id}-${speakerId}`} type="checkbox" checked aria-invalid={error ? true : undefined} onChange={() => toggle(speakerId, false)} />
              <label htmlFor={`${id}-${speakerId}`}>{t("form.speakerMissing", { id: speakerId })}</label>
            </li>
          ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
