/**
 * The organizer console's Sign-in screen of a customer (mounted by the customer pages under
 * `/manage/customers/:customerId`, below the customer's heading, so its own heading is an h2):
 *
 * - the redirect URI to register at a provider, with a copy button;
 * - the customer's sign-in providers (ProviderList): add and edit (ProviderDialog; Google presets
 *   issuer and label; the client secret is write-only), a switch that shows or hides one on the
 *   login pages, "Test sign-in" for one event (TestSignInDialog), delete after asking;
 * - the portal hand-off secret (HandoffSecret).
 *
 * Customer admins with the People role and master admins may do this (the server decides; its
 * 403 says so in words).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import {
  bodyOf,
  createProvider,
  customerEventsQuery,
  deleteProvider,
  identityKeys,
  isStatus,
  providersQuery,
  redirectUri,
  updateProvider,
  type ProviderBody,
  type SignInProviderRow,
} from "./api";
import { CopyField } from "./CopyField";
import { HandoffSecret } from "./HandoffSecret";
import { useIdentityT } from "./identity-manage-i18n";
import { ProviderDialog } from "./ProviderDialog";
import { ProviderList } from "./ProviderList";
import { TestSignInDialog } from "./TestSignInDialog";
import "./SignInScreen.css";

type Editing = { provider: SignInProviderRow | null } | null;

export function SignInScreen({ customerId }: { customerId: string }) {
  const t = useIdentityT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const providersId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const providers = useQuery(providersQuery(customerId));
  // Names a provider's events in the list; the list works without them.
  const events = useQuery(customerEventsQuery(customerId));
  const [origin] = useState(() => window.location.origin);

  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<SignInProviderRow | null>(null);
  const [deleting, setDeleting] = useState<SignInProviderRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const switches = useSubmitLock();
  const removal = useSubmitLock();
  const keepFocus = useRef(false);
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);

  const reason = (error: unknown) => (isStatus(error, 403) ? t("forbidden") : tc(errorMessageKey(error)));
  const refresh = () => client.invalidateQueries({ queryKey: identityKeys.providers(customerId) });
  /** Puts a saved row in the list at once (the refresh that follows confirms it). */
  const put = (saved: SignInProviderRow) =>
    client.setQueryData<SignInProviderRow[]>(identityKeys.providers(customerId), (rows) =>
      rows ? (rows.some((r) => r.ID === saved.ID) ? rows.map((r) => (r.ID === saved.ID ? saved : r)) : [...rows, saved]) : [saved],
    );

  const save = (provider: SignInProviderRow | null) => (body: ProviderBody) =>
    provider ? updateProvider(customerId, provider.ID, body) : createProvider(customerId, body);

  const onSaved = (creating: boolean) => (saved: SignInProviderRow) => {
    put(saved);
    void refresh();
    setEditing(null);
    const text = t(creating ? "form.created" : "form.saved", { label: saved.Label });
    notify("success", text);
    announce(text);
  };

  const toggle = (provider: SignInProviderRow) =>
    void switches.run(async () => {
      setSwitching(provider.ID);
      setFailure(null);
      try {
        const saved = await updateProvider(customerId, provider.ID, bodyOf(provider, { IsEnabled: !provider.IsEnabled }));
        put(saved);
        announce(t(saved.IsEnabled ? "list.nowOn" : "list.nowOff", { label: saved.Label }));
      } catch (error) {
        setFailure(t("list.toggleFailed", { label: provider.Label, reason: reason(error) }));
        if (isStatus(error, 404)) void refresh();
      } finally {
        setSwitching(null);
      }
    });

  const confirmDelete = () =>
    void removal.run(async () => {
      if (!deleting) return;
      setDeleteError(null);
      try {
        await deleteProvider(customerId, deleting.ID);
        notify("success", t("delete.done", { label: deleting.Label }));
      } catch (error) {
        if (!isStatus(error, 404)) {
          setDeleteError(reason(error));
          return;
        }
        notify("default", t("delete.gone", { label: deleting.Label }));
      }
      client.setQueryData<SignInProviderRow[]>(identityKeys.providers(customerId), (rows) => rows?.filter((r) => r.ID !== deleting.ID));
      void refresh();
      // The row and its button are gone: the focus goes to the screen's heading.
      keepFocus.current = true;
      setDeleting(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    });

  return (
    // Not a landmark of its own: the customer page already wraps it in a region named after it.
    <div className="signin-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="signin-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>

      <section className="signin-section" aria-labelledby={providersId}>
        <h3 id={providersId}>{t("providers.title")}</h3>
        <CopyField label={t("redirect.label")} value={redirectUri(origin)} hint={t("redirect.hint")} />
        <LoadState
          query={providers}
          loadingText={t("providers.loading")}
          failedText={isStatus(providers.error, 403) ? t("forbidden") : t("providers.loadFailed")}
          focusAfterRetry={headingRef}
        />
        {providers.data ? (
          <>
            <p>
              <button type="button" className="button" onClick={() => setEditing({ provider: null })}>
                {t("providers.add")}
              </button>
            </p>
            {failure ? (
              <p role="alert" className="signin-failure">
                {failure}
              </p>
            ) : null}
            {providers.data.length === 0 ? (
              <p className="signin-empty">{t("providers.empty")}</p>
            ) : (
              <ProviderList
                providers={providers.data}
                events={events.data}
                switching={switching}
                onToggle={toggle}
                onEdit={(provider) => setEditing({ provider })}
                onTest={(provider) => setTesting(provider)}
                onDelete={(provider) => {
                  keepFocus.current = false;
                  setDeleteError(null);
                  setDeleting(provider);
                }}
              />
            )}
          </>
        ) : null}
      </section>

      <HandoffSecret customerId={customerId} origin={origin} />

      {editing ? (
        <ProviderDialog
          customerId={customerId}
          provider={editing.provider}
          save={save(editing.provider)}
          onSaved={onSaved(editing.provider === null)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {testing ? (
        <TestSignInDialog
          customerId={customerId}
          provider={testing}
          onOpened={() => {
            setTesting(null);
            announce(t("test.opened"));
          }}
          onClose={() => setTesting(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t("delete.title", { label: deleting.Label })}
          body={t("delete.body")}
          confirmLabel={t("delete.confirm")}
          busyLabel={t("delete.busy")}
          cancelLabel={t("cancel")}
          busy={removal.busy}
          error={deleteError}
          keepFocus={keepFocus}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
