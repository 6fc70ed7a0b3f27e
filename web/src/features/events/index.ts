export { useEventStore, storeMetadata, storePublicEvent, clearEventData } from "./store";
export { getMetadataByName } from "./api/get-metadata";
export { getPublicEvent } from "./api/get-public-event";
export { checkWhitelist } from "./api/check-whitelist";
export { getAttendee } from "./api/get-attendee";
export type { Attendee } from "./api/get-attendee";
export { useAttendeeStore } from "./attendee-store";
export type { EventMetadata, PublicEvent, MenuItem } from "./types";
