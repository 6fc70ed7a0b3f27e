import type { Translation } from "../en";

const chat: Translation["chat"] = {
  title: "Discussion",
};

export default chat;
