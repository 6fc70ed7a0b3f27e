import type { Translation } from "../en";

const venue: Translation["venue"] = {
  title: "Lieu",
};

export default venue;
