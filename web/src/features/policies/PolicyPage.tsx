import { useTranslation } from "react-i18next";

export type PolicyKind = "imprint" | "privacy" | "terms";

const keys = {
  imprint: ["policies.imprintTitle", "policies.imprintBody"],
  privacy: ["policies.privacyTitle", "policies.privacyBody"],
  terms: ["policies.termsTitle", "policies.termsBody"],
} as const;

export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const [title, body] = keys[kind];
  return (
    <main className="content-page">
      <h1>{t(title)}</h1>
      <p>{t(body)}</p>
    </main>
  );
}

export const ImprintPage = () => <PolicyPage kind="imprint" />;
export const PrivacyPolicyPage = () => <PolicyPage kind="privacy" />;
export const TermsPage = () => <PolicyPage kind="terms" />;
