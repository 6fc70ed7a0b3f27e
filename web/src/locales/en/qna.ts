/**
 * English strings of the attendee's Q&A beside the session player: the key source of the `qna`
 * namespace, added when the Q&A chunk loads (features/qna/i18n.ts). The other languages are
 * typed `QnaTranslation`.
 */
const qna = {
  title: "Q&A",
  heading: "Questions ({{count}})",
  show: "Show the Q&A",
  hide: "Hide the Q&A",
  loading: "Loading the questions…",
  loadFailed: "The questions could not be loaded.",
  retry: "Try again",
  empty: "No questions yet. Ask the first one!",
  list: "Questions",
  sort: {
    label: "Sort the questions",
    top: "Most votes",
    newest: "Newest",
  },
  ask: {
    label: "Your question",
    counter: "{{count}} of {{max}} characters",
    anonymous: "Ask anonymously",
    anonymousHint: "Other attendees will not see your name; the organizers will.",
    submit: "Ask",
    sending: "Sending…",
    empty: "Write your question first.",
    tooLong: "Your question is too long: at most {{max}} characters.",
    posted: "Your question is posted.",
    pending: "Thank you! Your question will appear once the moderators approve it.",
  },
  question: {
    anonymous: "Anonymous",
    you: "You",
    youAnonymous: "You (anonymously)",
    asked: "{{author}} at {{time}}",
    pinned: "Pinned",
    answered: "Answered",
    pending: "Waiting for approval",
    hidden: "Not published by the moderators",
    upvote_one: "Upvote, {{count}} vote",
    upvote_other: "Upvote, {{count}} votes",
  },
  errors: {
    closed: "Questions are closed for this session.",
    notFound: "This question is no longer available.",
    empty: "Write your question first.",
    tooLong: "Your question is too long: at most {{max}} characters.",
    rateLimited: "You are asking very quickly. Please wait {{seconds}} seconds and try again.",
  },
};

export type QnaTranslation = DeepStrings<typeof qna>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default qna;
