/**
 * What a screen shows while its data is on the way or could not be read: a status line while
 * loading, and on failure an alert with what failed, why (the shared error messages) and a retry
 * button. Renders nothing once there is data, so a screen writes
 * `<LoadState query={q} … />{q.data ? <Editor …/> : null}` and a failed background refresh
 * never hides data already shown. After a retry that worked the button is gone, so the focus
 * goes to `focusAfterRetry` (the screen's heading) instead of being lost.
 */
import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";

export interface LoadableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

export interface LoadStateProps {
  query: LoadableQuery;
  loadingText: string;
  failedText: string;
  focusAfterRetry?: RefObject<HTMLElement | null>;
}

export function LoadState({ query, loadingText, failedText, focusAfterRetry }: LoadStateProps) {
  const { t } = useTranslation();
  const retried = useRef(false);
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (loaded && retried.current) {
      retried.current = false;
      focusAfterRetry?.current?.focus();
    }
  }, [loaded, focusAfterRetry]);

  if (loaded) return null;
  if (query.isError) {
    return (
      <div role="alert" className="load-failure">
        <p>{failedText}</p>
        <p>{t(errorMessageKey(query.error))}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            retried.current = true;
            void query.refetch();
          }}
        >
          {t("common.retry")}
        </button>
      </div>
    );
  }
  return query.isPending ? <p role="status">{loadingText}</p> : null;
}
