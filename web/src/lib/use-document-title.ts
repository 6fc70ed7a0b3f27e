import { useEffect } from "react";

/** Sets the document title while the calling screen is shown (read first by screen readers). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
