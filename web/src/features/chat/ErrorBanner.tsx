/** The chat's one error line: the last refusal of something the person did, until dismissed. */
import { useTranslation } from "react-i18next";
import { codeMessageKey } from "@/lib/errors";
import { clearError } from "./actions";
import { NETWORK_FAILURE } from "./people-actions";
import { useChat } from "./store";

export function ErrorBanner() {
  const { t } = useTranslation();
  const error = useChat((s) => s.error);
  if (!error) return null;
  return (
    <div className="chat-room__error" role="alert">
      <span>{t(error === NETWORK_FAILURE ? "errors.network" : codeMessageKey(error))}</span>
      <button type="button" className="chat-link-button" onClick={clearError}>
        {t("chat.dismiss")}
      </button>
    </div>
  );
}
