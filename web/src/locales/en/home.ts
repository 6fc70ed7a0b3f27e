/** English strings of the start screen (HomeStart), the landing page and the venue's content pages. */
const home = {
  startTitle: "Welcome to {{event}}",
  signedInAs: "Signed in as {{name}}",
  profileLink: "Your profile",
  zoneNote: "Times are shown in {{zone}}.",
  zoneDevice: "your device's time zone ({{zone}})",
  enterTitle: "The venue",
  enter: "Enter the venue",
  enterDefault: "You start at {{name}}.",
  enterTour: "You start in {{room}}.",
  noVenue: "This event has no virtual venue yet. The menus lead to everything it offers.",
  liveTitle: "Live now",
  liveEmpty: "Nothing is live right now.",
  nextTitle: "Starting next",
  nextEmpty: "No more sessions are scheduled.",
  noSessions: "The programme has no sessions yet.",
  sessionsLoading: "Loading the sessions…",
  sessionsFailed: "The sessions could not be loaded. Please reload the page.",
  inRoom: "In {{room}}",
  dayTime: "{{date}}, {{begin}} – {{end}}",
  landingEmpty: "The organizer has not set up a landing page yet.",
  pageNoAddress: "This page is not set up yet.",
};

export default home;
