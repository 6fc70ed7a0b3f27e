/**
 * Media for attendees (docs/subsystems/media.md): the cinema, the replays, and the video player
 * that also plays `Video` sessions as simulated live (features/sessions uses it).
 */
export { CinemaPanel, type CinemaPanelProps } from "./CinemaPanel";
export { ReplaysPanel, type ReplaysPanelProps } from "./ReplaysPanel";
export { VideoPlayer, type PlayerVideo, type VideoPlayerProps } from "./VideoPlayer";
export { useLiveVideo, type LiveVideoState } from "./useLiveVideo";
export { livePosition, clockPosition, type LiveClock } from "./live";
export { getCinema, getLiveVideo, getVideo, listReplays, type LiveVideo, type Replay, type Video, type VideoKind } from "./api";
export { addMediaStrings, MEDIA_NS } from "./media-i18n";
