/**
 * The help desk (docs/subsystems/web-helpdesk.md): the attendee's questions and conversations,
 * the agent desk, the console's section and the desktop notification of answers. The venue frame
 * and the console load the page (`./HelpdeskView`), the notifier (`./AnswerNotifier`) and the
 * section (`./manage/HelpdeskScreen`) lazily by their module paths, so each is its own chunk;
 * this index is the surface for anything else.
 */
export { HelpdeskView } from "./HelpdeskView";
export { AnswerNotifier } from "./AnswerNotifier";
