/**
 * English strings of the attendee's breakout rooms (the right sidebar's breakoutroom page, the
 * /breakoutroom page and the frame's status line): the key source of the `breakouts` namespace,
 * added when the breakouts chunk loads (features/breakouts/i18n.ts). The other languages are
 * typed `BreakoutsTranslation`.
 */
const breakouts = {
  panel: {
    list: "Breakout rooms",
    intro: "Join a room to talk in a small group: its call and its chat are for the people inside.",
    loading: "Loading the breakout rooms…",
    loadFailed: "The breakout rooms could not be loaded.",
    retry: "Try again",
    empty: "There are no breakout rooms yet. They appear here as soon as the organizers open one.",
  },
  room: {
    open: "Open",
    scheduled: "Not open yet",
    closed: "Closed",
    opensAt: "Opens at {{time}}",
    openUntil: "Open until {{time}}",
    full: "Full",
    seats_one: "{{count}} seat left of {{capacity}}",
    seats_other: "{{count}} seats left of {{capacity}}",
    people: "Inside “{{room}}”",
    nobody: "Nobody is inside yet.",
    more_one: "and {{count}} more",
    more_other: "and {{count}} more",
    someone: "Someone",
    you: "You",
    here: "You are here",
    join: "Join",
    joinNamed: "Join “{{room}}”",
    joining: "Joining…",
    elsewhere: "You are in this room in another tab or window.",
    joinHere: "Join here",
    joinHereNamed: "Join “{{room}}” here",
  },
  inside: {
    heading: "You are in “{{room}}”",
    leave: "Leave the room",
    leaving: "Leaving…",
    call: "Call of “{{room}}”",
    noCall: "This room has no video call: talk in its chat.",
    zoom: "This room meets in Zoom, which opens in its own tab.",
    openZoom: "Open the Zoom meeting",
    meetingID: "Meeting ID: {{id}}",
    password: "Passcode: {{password}}",
    openCall: "Open the call in a new tab",
    chat: "Chat of “{{room}}”",
    elsewhere: "You are in “{{room}}” in another tab or window; the call runs there.",
    takeOver: "Move the call to this tab",
    reconnecting: "The connection was lost. You go back into “{{room}}” as soon as it returns.",
  },
  news: {
    moved: "An organizer moved you to “{{room}}”.",
    closed: "The organizers closed “{{room}}”. You are back in the list of rooms.",
    deleted: "“{{room}}” was removed by the organizers. You are back in the list of rooms.",
    disconnected: "You left “{{room}}”: the tab or window you joined from was closed.",
    expired: "You left “{{room}}”: the connection to the server ended.",
    rejoinFailed: "You could not go back into “{{room}}”. {{reason}}",
    aRoom: "a breakout room",
  },
  failure: {
    offline: "Joining a room needs a live connection. Try again as soon as you are back online.",
    noAnswer: "The server did not answer. Try again.",
  },
  status: {
    label: "Your breakout room",
    inRoom: "You are in the breakout room “{{room}}”.",
    show: "Show the room",
    leave: "Leave",
  },
};

export type BreakoutsTranslation = DeepStrings<typeof breakouts>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default breakouts;
