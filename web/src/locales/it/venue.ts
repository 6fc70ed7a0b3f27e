import type { Translation } from "../en";

const venue: Translation["venue"] = {
  title: "Sede",
};

export default venue;
