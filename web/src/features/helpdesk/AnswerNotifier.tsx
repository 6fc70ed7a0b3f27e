/**
 * The desktop notifications of help desk answers for the whole visit (notify.ts): mounted by the
 * venue frame as a lazy chunk of its own, so an answer is announced wherever in the venue the
 * attendee is, not only on the help desk page. Renders nothing.
 */
import { useEffect } from "react";
import { startAnswerNotifier } from "./notify";

export function AnswerNotifier({ me }: { me: string }) {
  useEffect(() => startAnswerNotifier(me), [me]);
  return null;
}

export default AnswerNotifier;
