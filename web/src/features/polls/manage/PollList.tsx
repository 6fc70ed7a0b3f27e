/**
 * The event's polls as a table: the question, its state (a word in a badge: draft, open, closed),
 * where it shows (a room or a session), its schedule in the event's zone, the ballots counted so
 * far, and the actions. The table scrolls sideways inside its own focusable region on a narrow
 * page, as the Schedule's does; action buttons name their poll for screen readers without hiding
 * the visible word.
 */
import type { ReactNode } from "react";
import type { PollView } from "./api";
import { formatInZone } from "./event-time";
import { usePollsT } from "./polls-manage-i18n";

export interface PollListProps {
  polls: PollView[];
  timeZone: string;
  /** A poll's room or session as it reads ("Room: Auditorium"), or null when not bound. */
  placeOf: (poll: PollView) => string | null;
  /** The poll whose Open or Close is being saved. */
  switching: string | null;
  onResults: (poll: PollView) => void;
  onEdit: (poll: PollView) => void;
  onToggle: (poll: PollView) => void;
  onDelete: (poll: PollView) => void;
}

export function PollList({ polls, timeZone, placeOf, switching, onResults, onEdit, onToggle, onDelete }: PollListProps) {
  const t = usePollsT();
  return (
    <div className="console-table-scroll" role="region" aria-label={t("list.label")} tabIndex={0}>
      <table className="console-table polls-table">
        <thead>
          <tr>
            <th scope="col">{t("list.question")}</th>
            <th scope="col">{t("list.state")}</th>
            <th scope="col">{t("list.where")}</th>
            <th scope="col">{t("list.schedule")}</th>
            <th scope="col">{t("list.ballots")}</th>
            <th scope="col">{t("list.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {polls.map((poll) => {
            const about: ReactNode = (
              <>
                {" "}
                <span className="visually-hidden">{t("list.about", { question: poll.Question })}</span>
              </>
            );
            const place = placeOf(poll);
            const toggle = poll.State === "open" ? "list.close" : poll.State === "closed" ? "list.reopen" : "list.open";
            return (
              <tr key={poll.ID} data-testid="poll-row">
                <td className="polls-question">{poll.Question || <span className="muted">{t("list.noQuestion")}</span>}</td>
                <td>
                  <span className={`polls-state polls-state--${poll.State}`}>{t(`states.${poll.State}`)}</span>
                </td>
                <td>{place ?? <span className="muted">{t("list.nowhere")}</span>}</td>
                <td className="polls-when">
                  {poll.OpensAt ? <span>{t("list.opensAt", { time: formatInZone(poll.OpensAt, timeZone) })}</span> : null}
                  {poll.ClosesAt ? <span>{t("list.closesAt", { time: formatInZone(poll.ClosesAt, timeZone) })}</span> : null}
                  {!poll.OpensAt && !poll.ClosesAt ? <span className="muted">{t("list.byHand")}</span> : null}
                </td>
                <td className="polls-count">{poll.Tally?.Ballots ?? 0}</td>
                <td>
                  <div className="console-table__actions">
                    <button type="button" className="button button--secondary polls-action" onClick={() => onResults(poll)}>
                      {t("list.results")}
                      {about}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary polls-action"
                      aria-disabled={switching === poll.ID || undefined}
                      onClick={() => {
                        if (switching !== poll.ID) onToggle(poll);
                      }}
                    >
                      {t(toggle)}
                      {about}
                    </button>
                    <button type="button" className="button button--secondary polls-action" onClick={() => onEdit(poll)}>
                      {t("list.edit")}
                      {about}
                    </button>
                    <button type="button" className="button button--secondary polls-action" onClick={() => onDelete(poll)}>
                      {t("list.delete")}
                      {about}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
