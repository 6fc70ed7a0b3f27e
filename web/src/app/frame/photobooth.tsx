/**
 * The photobooth's window messages in the venue frame (docs/subsystems/web-venue.md
 * "Photobooth"): while the event's booth waits for one, a message with the configured text from
 * the configured origin runs the configured action — take the attendee to the booth's room of
 * the panorama, open the booth's popup, or both. A popup asked for by a message is not a user
 * gesture, so a browser may block it; then a notice offers the same popup behind a button.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePersonStore } from "@/features/accounts";
import { boothMessageAction, boothPerson, openBoothPopup, photoboothURL } from "@/features/photobooth";
import { useVenueEvent } from "@/features/venue";
import { useLayout } from "./layout-store";

export function PhotoboothMessages({ startNodeID }: { startNodeID: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const booth = useVenueEvent()?.Photobooth;
  const person = usePersonStore((s) => s.person);
  const [offer, setOffer] = useState<string | null>(null);
  const language = i18n.language;

  useEffect(() => {
    if (!booth?.ExpectPostMessage) return;
    const onMessage = (message: MessageEvent) => {
      const action = boothMessageAction(booth, message.origin, message.data);
      if (!action) return;
      const room = action.goTo || startNodeID;
      if (action.goTo !== null && room) {
        // Back to the panorama: nothing may stay in front of it, the booth's own page included.
        useLayout.getState().closeSidebars();
        useLayout.getState().showOverPage(null);
        void navigate(`/${encodeURIComponent(room)}`);
      }
      const url = action.openPopup ? photoboothURL(booth, boothPerson(person, language)) : null;
      if (url && !openBoothPopup(url)) setOffer(url);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [booth, person, language, navigate, startNodeID]);

  if (!offer) return null;
  return (
    <div className="booth-offer" role="alert">
      <p>{t("venue.photobooth.offer")}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          if (openBoothPopup(offer)) setOffer(null);
        }}
      >
        {t("venue.photobooth.open")}
      </button>
      <button type="button" className="icon-button" aria-label={t("venue.photobooth.dismiss")} onClick={() => setOffer(null)}>
        ×
      </button>
    </div>
  );
}
