import type { Translation } from "../en";

const chat: Translation["chat"] = {
  title: "Chat",
};

export default chat;
