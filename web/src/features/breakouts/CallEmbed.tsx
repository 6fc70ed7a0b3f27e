/**
 * The way into a room's call, for the people inside:
 *
 * - **Jitsi Meet, BigBlueButton, any embeddable call page**: framed in place, with the venue's
 *   sandbox for organizers' pages (features/venue/embed.ts: no `allow-same-origin` for a page
 *   on the app's own origin, which could otherwise read the attendee's token) and, since this is
 *   a call, camera, microphone and screen sharing on top of the venue's permissions. A link opens
 *   the same call in a tab of its own, for a call page that refuses to be framed.
 * - **Zoom**: a link, with the meeting ID and passcode. Zoom's join pages refuse to be framed,
 *   and the meeting SDK needs a signature only a server holding the app's secret can make.
 * - **None**, or an address that is not http(s): the room has no call; its chat is the place.
 */
import type { BreakoutCall } from "@/lib/realtime";
import { EMBED_ALLOW, embedSandbox, isFramable } from "@/features/venue";
import { useBreakoutsT } from "./i18n";

/** What a video call needs beyond an organizer's page: the person's camera, microphone and screen. */
export const CALL_ALLOW = `camera; microphone; display-capture; ${EMBED_ALLOW}`;

export function CallEmbed({ call, roomTitle }: { call: BreakoutCall | null; roomTitle: string }) {
  const { t } = useBreakoutsT();
  const url = call?.URL.trim() ?? "";
  if (!call || call.Type === "None" || !isFramable(url)) {
    return <p className="breakouts__nocall">{t("inside.noCall")}</p>;
  }
  const newTab = (label: string) => (
    <a className="button button--secondary" href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
  if (call.Type === "Zoom") {
    return (
      <div className="breakouts__zoom">
        <p>{t("inside.zoom")}</p>
        {call.MeetingID ? <p>{t("inside.meetingID", { id: call.MeetingID })}</p> : null}
        {call.Password ? <p>{t("inside.password", { password: call.Password })}</p> : null}
        <p>{newTab(t("inside.openZoom"))}</p>
      </div>
    );
  }
  return (
    <div className="breakouts__call">
      <iframe src={url} title={t("inside.call", { room: roomTitle })} referrerPolicy="no-referrer" sandbox={embedSandbox(url)} allow={CALL_ALLOW} data-call={call.Type} />
      <p className="breakouts__calllink">{newTab(t("inside.openCall"))}</p>
    </div>
  );
}
