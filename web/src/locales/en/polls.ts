/**
 * English strings of the attendee's polls (the left sidebar's poll panel and the "a poll has
 * opened" notice): the key source of the `polls` namespace, added when the polls chunk loads
 * (features/polls/i18n.ts). The other languages are typed `PollsTranslation`.
 */
const polls = {
  panel: {
    list: "Polls",
    loading: "Loading the polls…",
    loadFailed: "The polls could not be loaded.",
    retry: "Try again",
    empty: "There is no poll here right now. Polls appear here when the organizers open one for this room or the session playing in it.",
  },
  poll: {
    open: "Open",
    closed: "Closed",
    closesAt: "Closes at {{time}}",
    single: "Choose one answer.",
    multiple: "Choose one or more answers.",
  },
  form: {
    other: "Other",
    otherText: "Your own answer",
    counter: "{{count}} of {{max}} characters",
    vote: "Vote",
    sending: "Sending your vote…",
    change: "Change my vote",
    save: "Save my new vote",
    cancel: "Cancel",
    chooseOne: "Choose an answer first.",
    chooseSome: "Choose at least one answer first.",
    otherEmpty: "Write your own answer, or choose one of the others.",
    otherTooLong: "Your answer is too long: at most {{max}} characters.",
  },
  ballot: {
    yours: "Your vote: {{choices}}",
    ownAnswer: "“{{text}}”",
    saved: "Thank you, your vote is saved.",
    locked: "Votes cannot be changed in this poll.",
    none: "You did not vote in this poll.",
  },
  results: {
    title: "Results",
    ballots_one: "{{count}} vote in total",
    ballots_other: "{{count}} votes in total",
    value_one: "{{percent}}, {{count}} vote",
    value_other: "{{percent}}, {{count}} votes",
    other: "Own answers",
    afterClose: "The results are shown when the poll closes.",
    hidden: "The organizers do not show the results of this poll.",
    loading: "Loading the results…",
  },
  errors: {
    notFound: "This poll is no longer available.",
    notOpen: "This poll is not open for votes right now.",
    closed: "This poll has closed, so your vote was not counted.",
    notYetOpen: "This poll has not opened yet.",
    optionUnknown: "The answers of this poll have changed. Please choose again.",
    chooseOne: "Choose exactly one answer.",
    chooseSome: "Choose at least one answer.",
    otherNotAllowed: "This poll does not take answers of your own.",
    locked: "You have already voted, and votes cannot be changed in this poll.",
    tooLong: "Your answer is too long: at most {{max}} characters.",
    invalid: "Your vote could not be read. Please choose again.",
  },
  notice: {
    region: "New polls",
    title: "A poll has opened",
    vote: "Vote",
    dismiss: "Dismiss",
  },
};

export type PollsTranslation = DeepStrings<typeof polls>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default polls;
