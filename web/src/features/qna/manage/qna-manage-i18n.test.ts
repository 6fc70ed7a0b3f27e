import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addQnaManageStrings, QNA_MANAGE_NS, qnaManageResources } from "./qna-manage-i18n";

// The namespace is not registered in lib/i18n.ts's types (qna-manage-i18n.ts says why).
describeNamespace(QNA_MANAGE_NS as never, qnaManageResources, addQnaManageStrings);

it("translates the moderation actions and tabs in every language", () => {
  const english = leaves(qnaManageResources.en as unknown as Tree);
  for (const [language, strings] of Object.entries(qnaManageResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings as unknown as Tree)) {
      if (key.startsWith("actions.") || (key.startsWith("tabs.") && !key.endsWith("Count"))) expect(value, `${language} ${key}`).not.toBe(english.get(key));
    }
  }
});

it("does not take the attendee side's `qna` namespace", async () => {
  await initI18n("en");
  addQnaManageStrings();
  expect(QNA_MANAGE_NS).not.toBe("qna");
  const t = i18next.getFixedT("de", QNA_MANAGE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("question.votes", { count: 1 })).toBe("1 Stimme");
});
