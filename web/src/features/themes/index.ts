export { applyTheme, restoreTheme, storeTheme } from "./apply";
export { getTheme } from "./api/get-theme";
export type { Theme } from "./theme";
