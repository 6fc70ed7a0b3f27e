/**
 * English strings of the engagement island's page (features/engagement): the key source of the
 * `engagement` namespace, added when the page's chunk loads; the other languages are typed by it.
 */
const engagement = {
  title: "Engagement island",
  intro: "What you can take part in right now.",
  loading: "Loading…",
  polls: "Vote now",
  pollsEmpty: "No poll is open right now.",
  hunt: "Treasure hunt",
  huntProgress: "You found {{found}} of {{total}} · {{score}} points",
  huntRank: "You are #{{rank}}",
  huntUnranked: "Find an item to get on the board.",
  huntClosed: "Closed",
  leaderboard: "Open the leaderboard",
  featured: "Featured projects",
  featuredBy: "by {{name}}",
  wall: "See the Wall of Fame",
  booth: "Photobooth",
  boothText: "Take a picture with the event's frame and share it.",
  boothOpen: "Take a photo",
  gallery: "Photo gallery",
  retry: "Try again",
  loadFailed: "This part could not be loaded.",
};

export type EngagementTranslation = { [K in keyof typeof engagement]: string };

export default engagement;
