export { ConsentModal } from "./ConsentModal";
export { useConsent, loadConsent, defaultConsent } from "./store";
export type { ConsentSettings } from "./store";
