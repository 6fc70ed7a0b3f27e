/**
 * The schedule's writes, each keeping the cached lists in step with the server's answer (or with
 * what a delete removes on the server: a deleted activity takes its relations and recordings
 * along), so the screens show what the organizer just did without reading everything again.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError } from "@/lib/api-client";
import {
  attachRecording,
  createActivity,
  createZoomMeeting,
  deleteActivity,
  deleteZoomMeeting,
  detachRecording,
  linkSpeaker,
  scheduleKeys,
  SESSION,
  SPEAKER,
  unlinkSpeaker,
  updateActivity,
  type Recording,
  type Relation,
  type SessionActivity,
  type SessionBody,
  type SpeakerActivity,
  type SpeakerBody,
} from "./api";
import { uploadSpeakerPicture, type PictureUploadOptions } from "./speaker-picture";

function upsert<T extends { ID: string }>(list: T[], item: T): T[] {
  return list.some((i) => i.ID === item.ID) ? list.map((i) => (i.ID === item.ID ? item : i)) : [...list, item];
}

/** The Index a session's speaker relation has (`SortFields.Index`), for ordering. */
export function relationIndex(relation: Relation): number {
  const index = relation.SortFields.Index;
  return typeof index === "number" ? index : Number.MAX_SAFE_INTEGER;
}

/** A session's speaker relations in the agenda's order (Index, then creation). */
export function speakerRelationsOf(relations: readonly Relation[], sessionId: string): Relation[] {
  return relations.filter((r) => r.ParentID === sessionId).sort((a, b) => relationIndex(a) - relationIndex(b) || a.ID.localeCompare(b.ID));
}

export interface LinkFailure {
  speakerId: string;
  error: unknown;
}

export function useScheduleWrites(eventId: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const keys = {
      sessions: scheduleKeys.sessions(eventId),
      speakers: scheduleKeys.speakers(eventId),
      links: scheduleKeys.speakerLinks(eventId),
      recordings: scheduleKeys.recordings(eventId),
    };
    const change = <T>(key: QueryKey, fn: (list: T[]) => T[]) => client.setQueryData<T[]>(key, (old) => (old ? fn(old) : old));
    const dropSession = (sessionId: string) => {
      change<SessionActivity>(keys.sessions, (list) => list.filter((s) => s.ID !== sessionId));
      change<Relation>(keys.links, (list) => list.filter((r) => r.ParentID !== sessionId));
      change<Recording>(keys.recordings, (list) => list.filter((r) => r.SessionID !== sessionId));
    };
    const dropSpeaker = (speakerId: string) => {
      change<SpeakerActivity>(keys.speakers, (list) => list.filter((s) => s.ID !== speakerId));
      change<Relation>(keys.links, (list) => list.filter((r) => r.ChildID !== speakerId));
    };
    const putSession = (session: SessionActivity) => change<SessionActivity>(keys.sessions, (list) => upsert(list, session));

    return {
      async saveSession(body: SessionBody, sessionId: string | null): Promise<SessionActivity> {
        const saved = sessionId
          ? await updateActivity<SessionActivity>(eventId, sessionId, body)
          : await createActivity<SessionActivity>(eventId, SESSION, body);
        putSession(saved);
        return saved;
      },
      async removeSession(sessionId: string): Promise<void> {
        await deleteActivity(eventId, sessionId);
        dropSession(sessionId);
      },
      /** After a 404: it was deleted elsewhere. */
      forgetSession: dropSession,
      async createMeeting(sessionId: string): Promise<SessionActivity> {
        const saved = await createZoomMeeting(eventId, sessionId);
        putSession(saved);
        return saved;
      },
      async deleteMeeting(sessionId: string): Promise<SessionActivity> {
        const saved = await deleteZoomMeeting(eventId, sessionId);
        putSession(saved);
        return saved;
      },

      /**
       * Makes the session's speakers `wanted`: unlinks the others, links the new ones after the
       * existing (Index = highest + 1, …), one call at a time. Every failure is returned; the
       * relations are read again after one, so the form shows what is stored.
       */
      async syncSpeakers(sessionId: string, wanted: readonly string[]): Promise<LinkFailure[]> {
        const current = speakerRelationsOf(client.getQueryData<Relation[]>(keys.links) ?? [], sessionId);
        const failed: LinkFailure[] = [];
        for (const relation of current.filter((r) => !wanted.includes(r.ChildID))) {
          try {
            await unlinkSpeaker(relation.ID);
            change<Relation>(keys.links, (list) => list.filter((r) => r.ID !== relation.ID));
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) change<Relation>(keys.links, (list) => list.filter((r) => r.ID !== relation.ID));
            else failed.push({ speakerId: relation.ChildID, error });
          }
        }
        const kept = current.filter((r) => wanted.includes(r.ChildID));
        const linked = new Set(kept.map((r) => r.ChildID));
        let next = kept.reduce((max, r) => Math.max(max, relationIndex(r) === Number.MAX_SAFE_INTEGER ? 0 : relationIndex(r)), 0) + 1;
        for (const speakerId of wanted.filter((s) => !linked.has(s))) {
          try {
            const relation = await linkSpeaker(eventId, sessionId, speakerId, next);
            next += 1;
            change<Relation>(keys.links, (list) => [...list, relation]);
          } catch (error) {
            failed.push({ speakerId, error });
          }
        }
        if (failed.length > 0) await client.invalidateQueries({ queryKey: keys.links });
        return failed;
      },

      async attachRecording(sessionId: string, videoId: string): Promise<Recording> {
        const recording = await attachRecording(eventId, sessionId, videoId);
        change<Recording>(keys.recordings, (list) => [...list.filter((r) => r.SessionID !== sessionId), recording]);
        return recording;
      },
      /** Removing what is not there (404 RECORDING_NOT_FOUND) counts as removed. */
      async detachRecording(sessionId: string): Promise<void> {
        try {
          await detachRecording(eventId, sessionId);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        change<Recording>(keys.recordings, (list) => list.filter((r) => r.SessionID !== sessionId));
      },

      async saveSpeaker(body: SpeakerBody, speakerId: string | null): Promise<SpeakerActivity> {
        const saved = speakerId
          ? await updateActivity<SpeakerActivity>(eventId, speakerId, body)
          : await createActivity<SpeakerActivity>(eventId, SPEAKER, body);
        change<SpeakerActivity>(keys.speakers, (list) => upsert(list, saved));
        return saved;
      },
      /** The server answers the speaker with its new `PictureURL`; the list shows it at once. */
      async uploadSpeakerPicture(speakerId: string, file: File, options: PictureUploadOptions = {}): Promise<SpeakerActivity> {
        const saved = await uploadSpeakerPicture(eventId, speakerId, file, options);
        change<SpeakerActivity>(keys.speakers, (list) => upsert(list, saved));
        return saved;
      },
      async removeSpeaker(speakerId: string): Promise<void> {
        await deleteActivity(eventId, speakerId);
        dropSpeaker(speakerId);
      },
      forgetSpeaker: dropSpeaker,
    };
  }, [client, eventId]);
}

export type ScheduleWrites = ReturnType<typeof useScheduleWrites>;
