/**
 * One hunt's board in the sidebar: whether the hunt is open, the caller's progress and name
 * switch (MyProgress), the top rows — picture and name, "Hidden player" for someone who hid their
 * name, "You" for the caller — and the caller's own rank pinned under them when it is not among
 * them, then the clues of the items still to find.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoadState } from "@/components/LoadState";
import { useNow } from "@/lib/use-now";
import { getMe, getRankings, type Hunt, type HuntKeys, type Ranking, TOP } from "./api";
import { type HuntT, useHuntT } from "./i18n";
import { type Board, boardFromRest, initials, isOpenAt, pinnedRank, safePicture } from "./model";
import { MyProgress } from "./MyProgress";

interface Props {
  eventID: string;
  hunt: Hunt;
  me: string;
  keys: HuntKeys;
}

export function HuntBoard({ eventID, hunt, me, keys }: Props) {
  const t = useHuntT();
  const client = useQueryClient();
  const now = useNow(30_000);
  const board = useQuery({
    queryKey: keys.board(hunt.ID),
    queryFn: async ({ signal }) => boardFromRest(client.getQueryData<Board>(keys.board(hunt.ID)), await getRankings(eventID, hunt.ID, TOP, signal)),
  });
  const mine = useQuery({ queryKey: keys.me(hunt.ID), queryFn: ({ signal }) => getMe(eventID, hunt.ID, signal) });
  const rows = board.data?.rows ?? [];
  const pinned = pinnedRank(rows, mine.data, me);

  return (
    <>
      {isOpenAt(hunt, now) ? null : <p className="hunt-board__closed">{t("board.notOpen")}</p>}
      {mine.data ? <MyProgress eventID={eventID} hunt={hunt} mine={mine.data} keys={keys} /> : null}
      <LoadState query={board} loadingText={t("board.loading")} failedText={t("board.failed")} />
      {board.data && rows.length === 0 ? <p className="hunt-board__empty">{t("board.empty")}</p> : null}
      {rows.length > 0 ? (
        <table className="hunt-board__table">
          <caption>{t("board.caption", { hunt: hunt.Title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("board.rank")}</th>
              <th scope="col">{t("board.player")}</th>
              <th scope="col">{t("board.score")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <BoardRow key={row.PersonID} row={row} me={me} t={t} />
            ))}
          </tbody>
          {pinned ? (
            <tbody className="hunt-board__pinned">
              <tr className="hunt-board__me" data-pinned="true">
                <td>{pinned.rank}</td>
                <td>{t(mine.data?.Hidden ? "board.youHidden" : "board.you")}</td>
                <td>{t("board.points", { count: pinned.score })}</td>
              </tr>
            </tbody>
          ) : null}
        </table>
      ) : null}
      {mine.data && mine.data.Rank === null ? <p className="muted small">{t("board.notRanked")}</p> : null}
    </>
  );
}

function BoardRow({ row, me, t }: { row: Ranking; me: string; t: HuntT }) {
  const own = row.PersonID === me;
  const hidden = row.Hidden || row.FullName === "";
  const name = own ? t(row.Hidden ? "board.youHidden" : "board.you") : hidden ? t("board.hidden") : row.FullName;
  const picture = hidden ? null : safePicture(row.PictureURL);
  return (
    <tr className={own ? "hunt-board__me" : undefined} data-person={row.PersonID}>
      <td>{row.Rank}</td>
      <td>
        <span className="hunt-board__player">
          {picture ? (
            <img className="hunt-board__avatar" src={picture} alt="" width={28} height={28} loading="lazy" />
          ) : (
            <span className="hunt-board__avatar" aria-hidden="true">
              {hidden ? "" : initials(row.FullName)}
            </span>
          )}
          <span>{name}</span>
        </span>
      </td>
      <td>{t("board.points", { count: row.Score })}</td>
    </tr>
  );
}
