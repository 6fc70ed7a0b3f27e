/**
 * The frame's line about the person's breakout room while no breakout view is on screen (they
 * opened the chat, went to another page): which room they are in, with Show the room and Leave,
 * and the news they did not cause — an organizer moved them, the room closed. It also keeps the
 * presence feed running for the whole venue, so a reconnect rejoins wherever the person is.
 * The call itself lives in the breakout view: it stops while the view is not shown.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBreakoutsT } from "./i18n";
import { newsText } from "./news";
import { dismissNews, leave, startPresence, usePresence } from "./presence";
import "./breakouts.css";

export function BreakoutStatus({ eventID, me, onShow }: { eventID: string; me: string; onShow: () => void }) {
  const { t } = useBreakoutsT();
  const { t: shared } = useTranslation();
  const { presence, news, viewers, titles, pending } = usePresence();
  useEffect(() => startPresence(eventID, me), [eventID, me]);
  if (viewers > 0) return null;
  const room = presence.roomID ? (titles[presence.roomID] ?? t("news.aRoom")) : null;
  return (
    <div className="breakouts-status" data-breakout-status>
      {/* Always in the page, so what is put in it is announced. */}
      <div role="status">
        {news ? (
          <p>
            {newsText(news, titles, t, shared)}{" "}
            <button type="button" className="breakouts__dismiss" onClick={dismissNews}>
              {shared("chat.dismiss")}
            </button>
          </p>
        ) : null}
      </div>
      {presence.roomID && room ? (
        <section className="breakouts-status__room" aria-label={t("status.label")}>
          <p>{t("status.inRoom", { room })}</p>
          <button type="button" className="button" onClick={onShow}>
            {t("status.show")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={pending !== null || undefined}
            onClick={() => {
              if (presence.roomID && pending === null) void leave(presence.roomID);
            }}
          >
            {t("status.leave")}
          </button>
        </section>
      ) : null}
    </div>
  );
}

export default BreakoutStatus;
