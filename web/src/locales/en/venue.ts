/** English venue strings: the key source for the other languages. */
const venue = {
  title: "Venue",
};

export default venue;
