/**
 * English strings of the treasure hunt in the venue (the hidden items in a room, the leaderboard
 * sidebar): the key source of the `treasurehunt` namespace, added when a hunt chunk loads. The
 * other languages are typed `TreasureHuntTranslation`.
 */
const treasurehunt = {
  room: {
    item: "Hidden item: {{name}}",
    found: "Found: {{name}}",
    toast_one: "+{{count}} point · you are #{{rank}}",
    toast_other: "+{{count}} points · you are #{{rank}}",
    closed: "This treasure hunt is closed: finds are not counted now.",
    gone: "This item is no longer hidden here.",
    failed: "The item could not be collected. {{reason}}",
  },
  board: {
    loading: "Loading the leaderboard…",
    failed: "The leaderboard could not be loaded.",
    none: "There is no treasure hunt in this event.",
    pick: "Treasure hunt",
    caption: "Top players of “{{hunt}}”",
    rank: "Rank",
    player: "Player",
    score: "Score",
    empty: "Nobody has found anything yet. Be the first!",
    hidden: "Hidden player",
    you: "You",
    youHidden: "You (name hidden)",
    points_one: "{{count}} point",
    points_other: "{{count}} points",
    notRanked: "You are not on the board yet: find a hidden item to join it.",
    notOpen: "This hunt is not open at the moment.",
  },
  me: {
    progress: "Items found: {{found}} of {{total}}",
    hide: "Hide my name",
    hideHint: "Others see “Hidden player” instead of your name and picture.",
    hideFailed: "Your choice could not be saved. {{reason}}",
    clues: "Clues to the items you have not found yet",
    allFound: "You found every item of this hunt.",
  },
};

export type TreasureHuntTranslation = DeepStrings<typeof treasurehunt>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default treasurehunt;
