import type { Translation } from "../en";

const venue: Translation["venue"] = {
  title: "Veranstaltungsort",
};

export default venue;
