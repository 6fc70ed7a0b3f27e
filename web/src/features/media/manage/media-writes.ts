/**
 * The Media section's writes, each keeping the cached list in step with the server's answer. A
 * reorder shows the new order at once and sends every id (`PUT /videos/order`); if the server
 * refuses, the list goes back to the stored order — read again when the refusal is a 409 (the
 * list changed meanwhile: a video was added or deleted elsewhere).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError } from "@/lib/api-client";
import {
  createVideo,
  deleteVideo,
  mediaKeys,
  orderVideos,
  updateVideo,
  uploadPoster,
  uploadVideoFile,
  type SendOptions,
  type Video,
  type VideoBody,
} from "./api";

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function useMediaWrites(eventId: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const key = mediaKeys.videos(eventId);
    const change = (fn: (list: Video[]) => Video[]) => client.setQueryData<Video[]>(key, (old) => (old ? fn(old) : old));
    const put = (video: Video) => change((list) => (list.some((v) => v.ID === video.ID) ? list.map((v) => (v.ID === video.ID ? video : v)) : [...list, video]));
    return {
      async create(body: VideoBody): Promise<Video> {
        const video = await createVideo(eventId, body);
        put(video);
        return video;
      },
      async update(videoId: string, body: VideoBody): Promise<Video> {
        const video = await updateVideo(eventId, videoId, body);
        put(video);
        return video;
      },
      async remove(videoId: string): Promise<void> {
        await deleteVideo(eventId, videoId);
        change((list) => list.filter((v) => v.ID !== videoId));
      },
      /** After a 404: it was deleted elsewhere. */
      forget(videoId: string): void {
        change((list) => list.filter((v) => v.ID !== videoId));
      },
      /** Moves a video; throws the server's refusal after putting the list back. */
      async move(from: number, to: number): Promise<void> {
        const before = client.getQueryData<Video[]>(key) ?? [];
        const after = moved(before, from, to);
        client.setQueryData<Video[]>(key, after);
        try {
          client.setQueryData<Video[]>(key, await orderVideos(eventId, after.map((v) => v.ID)));
        } catch (error) {
          client.setQueryData<Video[]>(key, before);
          if (error instanceof ApiError && error.status === 409) await client.invalidateQueries({ queryKey: key });
          throw error;
        }
      },
      uploadFile: (file: File, options?: SendOptions) => uploadVideoFile(eventId, file, options),
      async uploadPoster(videoId: string, file: File, options?: SendOptions): Promise<Video> {
        const video = await uploadPoster(eventId, videoId, file, options);
        put(video);
        return video;
      },
    };
  }, [client, eventId]);
}

export type MediaWrites = ReturnType<typeof useMediaWrites>;
