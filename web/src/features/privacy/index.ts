export { YourDataSection } from "./YourDataSection";
export { bindConsentSync } from "./consent-sync";
