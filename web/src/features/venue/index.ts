export { useLayout } from "./layout-store";
