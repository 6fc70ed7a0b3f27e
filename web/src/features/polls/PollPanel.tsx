/**
 * The left sidebar's poll panel (attendee-app.md §2, §4): the polls where the attendee is — bound
 * to the room, to the session playing there, or to the whole event — open ones first, each with
 * its vote form and, when attendees may see it, the live tally. Loaded lazily by the venue frame
 * (its own chunk with its strings); it keeps the list current only while it is open.
 */
import type { Where } from "./api";
import { usePollsT } from "./i18n";
import { PollCard } from "./PollCard";
import { pollsKey, usePolls } from "./use-polls";
import "./polls.css";

export function PollPanel({ eventID, where }: { eventID: string; where: Where }) {
  const { t } = usePollsT();
  const query = usePolls(eventID, where);

  if (query.isPending) {
    return (
      <p className="polls__state" role="status">
        {t("panel.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="polls__state" role="alert">
        <p>{t("panel.loadFailed")}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t("panel.retry")}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="polls__state">{t("panel.empty")}</p>;
  const listKey = pollsKey(eventID, where);
  return (
    <ul className="polls" aria-label={t("panel.list")}>
      {query.data.map((poll) => (
        <li key={poll.ID}>
          <PollCard eventID={eventID} poll={poll} where={where} listKey={listKey} />
        </li>
      ))}
    </ul>
  );
}

export default PollPanel;
