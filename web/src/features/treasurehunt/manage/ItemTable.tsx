/** The hunt's items as a table: name, room (by its name in the tour), points, found by, actions. */
import type { HuntItem } from "../api";
import { useManageT } from "./i18n";
import type { TourRoom } from "./tour-rooms";

interface Props {
  items: HuntItem[];
  rooms: TourRoom[];
  onEdit: (item: HuntItem) => void;
  onDelete: (item: HuntItem) => void;
}

export function ItemTable({ items, rooms, onEdit, onDelete }: Props) {
  const t = useManageT();
  const roomName = (id: string) => rooms.find((room) => room.id === id)?.name ?? t("items.unknownRoom", { id });
  return (
    <div className="hunt-table-wrap">
      <table className="hunt-table">
        <thead>
          <tr>
            <th scope="col">{t("items.name")}</th>
            <th scope="col">{t("items.room")}</th>
            <th scope="col">{t("items.points")}</th>
            <th scope="col">{t("items.found")}</th>
            <th scope="col">{t("items.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.ID} data-item={item.ID}>
              <th scope="row">{item.Name}</th>
              <td>{roomName(item.NodeID)}</td>
              <td>{item.Points}</td>
              <td>{t("items.foundCount", { count: item.FoundCount ?? 0 })}</td>
              <td>
                <div className="hunt-actions">
                  <button type="button" className="button button--secondary" aria-label={t("items.editLabel", { item: item.Name })} onClick={() => onEdit(item)}>
                    {t("items.edit")}
                  </button>
                  <button type="button" className="button button--secondary" aria-label={t("items.deleteLabel", { item: item.Name })} onClick={() => onDelete(item)}>
                    {t("items.delete")}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
