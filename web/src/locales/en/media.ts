/**
 * English strings of the attendee's media screens (cinema, replays, the video player): the key
 * source of the `media` namespace. Added to i18next when the media feature's chunk loads
 * (features/media/media-i18n.ts), so the login route never carries them; the other languages are
 * typed `MediaTranslation`, so a missing or extra key does not compile.
 */
const media = {
  player: {
    label: "Video: {{title}}",
    loading: "Loading the video…",
    buffering: "Buffering…",
    errorTitle: "This video cannot be played",
    errors: {
      load: "The video could not be loaded.",
      network: "The video could not be loaded. Check the internet connection and try again.",
      media: "The video could not be played on this device.",
      unsupported: "This browser cannot play this kind of video.",
      timeout: "The video is taking too long to load. Try again in a moment.",
      source: "This video has no address that can be played.",
    },
    retry: "Try again",
    unmute: "Turn the sound on",
    mute: "Turn the sound off",
    play: "Play",
    ended: "This stream has ended.",
  },
  cinema: {
    title: "Cinema",
    loading: "Loading the cinema…",
    loadFailed: "The cinema could not be loaded.",
    empty: "There are no videos in the cinema yet.",
    list: "Videos",
    nowPlaying: "Now playing",
    close: "Close the video",
    duration: "Duration: {{duration}}",
  },
  replays: {
    title: "Replays",
    loading: "Loading the replays…",
    loadFailed: "The replays could not be loaded.",
    empty: "No replays yet. A session's recording appears here once the session has ended.",
    day: "Day {{day}} · {{date}}",
    time: "{{begin}} – {{end}}",
    speakers: "With {{names}}",
    nowPlaying: "Replay",
    close: "Close the replay",
    notYetPublic: "Attendees see this replay once the session has ended.",
  },
  retry: "Try again",
};

export type MediaTranslation = DeepStrings<typeof media>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export default media;
