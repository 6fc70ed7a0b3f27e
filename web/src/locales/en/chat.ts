/** English chat strings: the key source for the other languages. */
const chat = {
  title: "Chat",
};

export default chat;
