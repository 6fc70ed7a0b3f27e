/**
 * The customer's portal hand-off secret (`/customers/{CustomerID}/sso-secret`): the organizer's
 * own portal signs short-lived tokens with it to send a signed-in person into an event. The
 * server answers the secret only when it creates one, so it is shown once, with a copy button and
 * a warning; afterwards the box says that one exists and since when. Replacing it asks first, as
 * the portal stops working until it has the new one.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { formatDate } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { createSsoSecret, handoffAddress, identityKeys, isStatus, ssoSecretQuery } from "./api";
import { CopyField } from "./CopyField";
import { useIdentityT } from "./identity-manage-i18n";

export function HandoffSecret({ customerId, origin }: { customerId: string; origin: string }) {
  const t = useIdentityT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const state = useQuery(ssoSecretQuery(customerId));
  const { busy, run } = useSubmitLock();
  const [secret, setSecret] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keepFocus = useRef(false);

  const reason = (failure: unknown) => (isStatus(failure, 403) ? t("forbidden") : tc(errorMessageKey(failure)));

  const create = () =>
    void run(async () => {
      setError(null);
      try {
        const created = await createSsoSecret(customerId);
        setSecret(created.Secret);
        keepFocus.current = true;
        setAsking(false);
        await client.invalidateQueries({ queryKey: identityKeys.secret(customerId) });
      } catch (failure) {
        setError(t("handoff.failed", { reason: reason(failure) }));
      }
    });

  const has = state.data?.HasSecret === true;

  return (
    <section className="signin-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t("handoff.title")}</h3>
      <p>{t("handoff.intro")}</p>
      <dl className="signin-facts">
        <dt>{t("handoff.address")}</dt>
        <dd>
          <code>{t("handoff.addressWithToken", { address: handoffAddress(origin) })}</code>
        </dd>
        <dt>{t("handoff.issuer")}</dt>
        <dd>
          <code>{customerId}</code>
        </dd>
        <dt>{t("handoff.audience")}</dt>
        <dd>
          <code>{origin}</code>
        </dd>
      </dl>
      <LoadState query={state} loadingText={t("handoff.loading")} failedText={isStatus(state.error, 403) ? t("forbidden") : t("handoff.loadFailed")} />
      {secret ? (
        <div className="signin-secret">
          {/* The new secret takes the focus: it is what the person came for, and the warning is read with it. */}
          <CopyField label={t("handoff.secret")} value={secret} hint={t("handoff.shownOnce")} warning focusValue />
        </div>
      ) : null}
      {state.data && !secret ? <p>{has && state.data.CreatedAt ? t("handoff.exists", { date: formatDate(state.data.CreatedAt) }) : t("handoff.none")}</p> : null}
      {state.data ? (
        <p>
          <button
            type="button"
            className={has ? "button button--secondary" : "button"}
            disabled={busy}
            onClick={() => {
              setError(null);
              if (!has) return create();
              keepFocus.current = false;
              setAsking(true);
            }}
          >
            {busy && !asking ? t("handoff.creating") : has ? t("handoff.rotate") : t("handoff.create")}
          </button>
        </p>
      ) : null}
      {error && !asking ? <p role="alert">{error}</p> : null}
      {asking ? (
        <ConfirmDialog
          title={t("handoff.rotateTitle")}
          body={t("handoff.rotateBody")}
          confirmLabel={t("handoff.rotate")}
          busyLabel={t("handoff.rotateBusy")}
          cancelLabel={t("cancel")}
          busy={busy}
          error={error}
          keepFocus={keepFocus}
          onConfirm={create}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </section>
  );
}
