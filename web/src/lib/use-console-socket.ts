/**
 * The console's realtime socket for a live screen: the shared `realtime` client with the console's
 * token, open while the screen is mounted. With an `eventId` the ticket call names the event
 * (`POST /amvproto/authenticate?EventID=`), so the server puts the socket on the event's channel
 * and, the caller being one of its organizers, on its staff channel (drafts, pending questions,
 * hidden tallies); without one the socket is bound to no event, which the person channel needs
 * alone (a tour upload's progress).
 *
 * `onOpen` runs each time the socket opens: frames missed while it was closed are made up for by
 * reading the screen's data again.
 */
import { useEffect, useRef } from "react";
import { realtime } from "./realtime";
import { readItem, storageKeys } from "./storage";

export function useConsoleSocket(eventId?: string, onOpen?: () => void): void {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });

  useEffect(() => {
    const stop = realtime.onStateChange((state) => {
      if (state === "open") latest.current?.();
    });
    // The shell keeps the console's token under this key (app/console/session.ts); screens do
    // not import the shell, so they read the same stored token.
    const token = readItem("local", storageKeys.consoleJwt);
    if (token) realtime.connect(token, eventId ? { eventId } : undefined);
    return () => {
      stop();
      if (token) realtime.close();
    };
  }, [eventId]);
}
