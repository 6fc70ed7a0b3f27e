import type { Translation } from "../en";

const venue: Translation["venue"] = {
  title: "Recinto",
};

export default venue;
