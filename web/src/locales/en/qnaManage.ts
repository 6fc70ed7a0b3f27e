/**
 * English strings of the organizer console's Q&A section: the key source of the `qnaManage`
 * namespace (`qna` is left to the attendee side). Added to i18next when the screen's chunk loads
 * (features/qna/manage/qna-manage-i18n.ts), never with the attendee app; the other languages are
 * typed `QnaManageTranslation`, so a missing or extra key does not compile.
 */
const qnaManage = {
  title: "Q&A",
  intro: "Attendees' questions to a session. Approve them when pre-moderation is on, mark them answered, pin the one being answered, or hide what does not belong.",
  loading: "Loading the sessions…",
  loadFailed: "The sessions could not be loaded.",
  noSessions: "This event has no sessions yet, and questions are asked in a session.",
  toSchedule: "Add sessions in Schedule",
  session: "Session",
  chooseSession: "Choose a session",
  sessionOption: "{{title}} — {{begin}}",
  zone: "Times are in the event's time zone, {{zone}}.",
  cancel: "Cancel",
  questions: "Questions",
  qnaOff: "Q&A is off in this session: attendees cannot ask or vote. The questions asked before stay here.",
  loadingQuestions: "Loading the questions…",
  questionsFailed: "The questions could not be loaded.",
  gone: "This question no longer exists: it was deleted elsewhere.",
  actionFailed: "The question was not changed. {{reason}}",
  exportQuestions: "Export questions (CSV)",
  exporting: "Exporting…",
  exportFailed: "The questions could not be exported. {{reason}}",
  switches: {
    legend: "Interaction in this session",
    saving: "Saving…",
    failed: "The setting was not saved. {{reason}}",
    QnaEnabled: {
      label: "Q&A",
      hint: "Attendees can ask questions and vote for them.",
      on: "Q&A is on in “{{session}}”.",
      off: "Q&A is off in “{{session}}”.",
    },
    QnaModerated: {
      label: "Pre-moderation",
      hint: "New questions wait under Pending until you approve them.",
      on: "Pre-moderation is on in “{{session}}”: new questions wait for approval.",
      off: "Pre-moderation is off in “{{session}}”: new questions are visible at once.",
    },
    ReactionsEnabled: {
      label: "Reactions",
      hint: "Attendees can send applause, hearts and other reactions while the session runs.",
      on: "Reactions are on in “{{session}}”.",
      off: "Reactions are off in “{{session}}”.",
    },
  },
  tabs: {
    label: "Questions by state",
    pending: "Pending",
    visible: "Visible",
    answered: "Answered",
    hidden: "Hidden",
    pendingCount: "Pending ({{n}})",
    visibleCount: "Visible ({{n}})",
    answeredCount: "Answered ({{n}})",
    hiddenCount: "Hidden ({{n}})",
  },
  empty: {
    pending: "No questions wait for approval.",
    visible: "No open questions.",
    answered: "No questions have been answered yet.",
    hidden: "No hidden questions.",
  },
  question: {
    noName: "Unknown author",
    anonymous: "Anonymous to attendees",
    pinned: "Pinned",
    votes_one: "{{count}} vote",
    votes_other: "{{count}} votes",
  },
  actions: {
    approve: "Approve",
    answer: "Mark answered",
    unanswer: "Mark unanswered",
    pin: "Pin",
    unpin: "Unpin",
    hide: "Hide",
    show: "Show again",
    delete: "Delete",
  },
  done: {
    approve: "Question approved: it is now under {{tab}}.",
    answer: "Question marked answered: it is now under {{tab}}.",
    unanswer: "Question marked unanswered: it is now under {{tab}}.",
    pin: "Question pinned at the top.",
    unpin: "Question unpinned.",
    hide: "Question hidden: it is now under {{tab}}.",
    show: "Question shown again: it is now under {{tab}}.",
    delete: "Question deleted.",
  },
  delete: {
    title: "Delete this question?",
    body: "It is deleted with its votes, for attendees too. This cannot be undone.",
    confirm: "Delete question",
    busy: "Deleting…",
  },
};

export type QnaManageTranslation = DeepStrings<typeof qnaManage>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default qnaManage;
