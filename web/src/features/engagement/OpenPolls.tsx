/**
 * The polls open now anywhere in the event, each with its vote form (the poll panel's card), so
 * an attendee can vote from the island without walking to the poll's room.
 */
import { PollCard, pollsKey, usePolls, type PollWhere } from "@/features/polls";
import type { EngagementT } from "./i18n";

// No room and no session: the server answers with every poll of the event.
const EVERYWHERE: PollWhere = { nodeID: null, sessionIDs: [] };

export function OpenPolls({ eventID, t }: { eventID: string; t: EngagementT }) {
  const query = usePolls(eventID, EVERYWHERE);
  const open = query.data?.filter((poll) => poll.IsActive) ?? [];
  return (
    <section className="engagement__part" aria-labelledby="engagement-polls">
      <h2 id="engagement-polls">{t("polls")}</h2>
      {query.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : query.isError ? (
        <p role="alert">
          {t("loadFailed")}{" "}
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t("retry")}
          </button>
        </p>
      ) : open.length === 0 ? (
        <p className="engagement__empty">{t("pollsEmpty")}</p>
      ) : (
        <ul className="engagement__polls">
          {open.map((poll) => (
            <li key={poll.ID}>
              <PollCard eventID={eventID} poll={poll} where={EVERYWHERE} listKey={pollsKey(eventID, EVERYWHERE)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
