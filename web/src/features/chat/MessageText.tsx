import { segments } from "./text";

/**
 * A message's text as React text nodes, with `[label](url)` and bare http(s)/mailto URLs as links.
 * Links open in a new tab without access to this page (`noopener noreferrer`).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {segments(text).map((segment, index) =>
        segment.kind === "link" ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
