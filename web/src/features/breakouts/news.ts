/** The words for a piece of presence news (presence.ts), naming the room it is about. */
import type { ErrorMessageKey } from "@/lib/errors";
import { codeMessageKey } from "@/lib/errors";
import type { BreakoutsT } from "./i18n";
import type { News } from "./presence";

export function newsText(news: News, titles: Readonly<Record<string, string>>, t: BreakoutsT, shared: (key: ErrorMessageKey) => string): string {
  const named = (roomID: string | null) => (roomID && titles[roomID]) || t("news.aRoom");
  switch (news.kind) {
    case "moved":
      return t("news.moved", { room: named(news.toRoomID) });
    case "rejoinFailed":
      return t("news.rejoinFailed", { room: named(news.fromRoomID), reason: shared(codeMessageKey(news.code ?? "")) });
    default:
      return t(`news.${news.kind}`, { room: named(news.fromRoomID) });
  }
}
