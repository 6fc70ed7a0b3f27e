/**
 * The photobooth integration (docs/subsystems/web-venue.md "Photobooth"): signed links to the
 * booth and its gallery, the popup, and the rule for the booth's window messages. Small and
 * synchronous, so the venue frame imports it directly.
 */
export { photoboothGalleryURL, photoboothURL, type BoothPerson, type PhotoboothConfig } from "./links";
export { boothMessageAction, type BoothAction } from "./messages";
export { boothPerson } from "./person";
export { openBoothPopup } from "./popup";
