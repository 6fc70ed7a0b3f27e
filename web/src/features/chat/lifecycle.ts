/**
 * Starting and stopping the chat, and the wiring between the socket and the store: each chat
 * frame is handed to its pure reducer (`reducers.ts`), the result goes into the store, and the
 * effects the reducer asked for are carried out here — REST loads, names, desktop notifications,
 * the panel request, the delayed resend after SERVER_BUSY.
 */
import { showPanel } from "@/lib/panels";
import { type ChatMessage, realtime, type ServerFrameName, type ServerPayload } from "@/lib/realtime";
import { cancelReads, retryMessage } from "./actions";
import * as reduce from "./reducers";
import { type ChatState, displayName } from "./state";
import { catchUp, ensureRoom, loadRoom, loadRooms, log, resetSession, update, useChat, wantNames } from "./store";
import { previewText } from "./text";

function notifyDesktop(message: ChatMessage): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const state = useChat.getState();
  const visible = typeof document !== "undefined" && document.visibilityState === "visible";
  if (visible && state.visibleID === message.ChatroomID) return;
  try {
    // Notification text is plain text by definition: no markup is interpreted.
    new Notification(displayName(state, message.SenderID) ?? "", { body: previewText(message.Text, 120), tag: message.ID });
  } catch (error) {
    log("notification failed", error);
  }
}

function run(effect: reduce.Effect): void {
  switch (effect.kind) {
    case "fetchRoom":
      void ensureRoom(effect.roomID);
      return;
    case "loadRoom":
      void loadRoom(effect.roomID);
      return;
    case "names":
      wantNames(effect.personIDs);
      return;
    case "desktopNotify":
      notifyDesktop(effect.message);
      return;
    case "showPanel":
      showPanel("chat");
      return;
    case "resend":
      // Up to half again as long, so clients refused together do not return together.
      setTimeout(() => retryMessage(effect.roomID, effect.tmpID), effect.afterMs * (1 + Math.random() / 2));
      return;
  }
}

/** Subscribes one reducer: its state goes into the store, then its effects run. */
function wire<N extends ServerFrameName>(name: N, reducer: (state: ChatState, payload: ServerPayload<N>) => reduce.Outcome): () => void {
  return realtime.subscribe(name, (payload) => {
    const outcome = reducer(useChat.getState(), payload);
    update(() => outcome.state);
    outcome.effects.forEach(run);
  });
}

/** Socket and server errors are logged (spec §8); the reducers decide what the person sees. */
const ERROR_FRAMES = ["CHAT_MESSAGE_SEND_ERROR", "CHAT_MESSAGE_EDIT_ERROR", "CHAT_MESSAGE_DELETE_ERROR", "CHATROOM_CREATE_ERROR", "ERROR"] as const;

let unsubscribe: (() => void)[] = [];

/** Starts the chat for one person in one event; calling it again with the same ids does nothing. */
export function startChat(eventID: string, personID: string): void {
  const state = useChat.getState();
  if (state.eventID === eventID && state.me === personID) return;
  stopChat();
  useChat.setState({ eventID, me: personID });
  unsubscribe = [
    ...ERROR_FRAMES.map((name) => realtime.subscribe(name, ({ Error: error }) => log(`${name}: ${error.Code}`, error.Message))),
    wire("CHAT_MESSAGE_SEND_NOTIFY", reduce.onSendNotify),
    wire("CHAT_MESSAGE_EDIT_NOTIFY", reduce.onEditNotify),
    wire("CHAT_MESSAGE_DELETE_NOTIFY", reduce.onDeleteNotify),
    wire("CHAT_MESSAGE_READ_NOTIFY", reduce.onReadNotify),
    wire("CHATROOM_CREATE_NOTIFY", reduce.onCreateNotify),
    wire("CHAT_MUTES_NOTIFY", reduce.onMutesNotify),
    wire("CHAT_MESSAGE_SEND_ERROR", reduce.onSendError),
    wire("CHAT_MESSAGE_EDIT_ERROR", reduce.onEditOrDeleteError),
    wire("CHAT_MESSAGE_DELETE_ERROR", reduce.onEditOrDeleteError),
    wire("CHATROOM_CREATE_ERROR", reduce.onCreateError),
    wire("ERROR", reduce.onErrorFrame),
    realtime.onStateChange((next) => {
      if (next === "open" && !useChat.getState().loading) void catchUp();
    }),
  ];
  realtime.setFallbackPoller(() => void catchUp());
  // Browser notification permission is asked once at start-up (spec §4 step 4); a denial only
  // means no desktop notifications.
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    void Promise.resolve(Notification.requestPermission()).catch(() => undefined);
  }
  void loadRooms();
}

export function stopChat(): void {
  for (const off of unsubscribe) off();
  unsubscribe = [];
  realtime.setFallbackPoller(null);
  cancelReads();
  resetSession();
}
