// Lint-encoded rules of the web app. Each restriction says why in its message.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noFeatureCycles from "./eslint-rules/no-feature-cycles.js";
import noLiteralUiStrings from "./eslint-rules/no-literal-ui-strings.js";

const featuresDir = fileURLToPath(new URL("./src/features", import.meta.url));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const storageMessage = "Use src/lib/storage.ts: it owns the storage keys and survives disabled storage.";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "e2e/artifacts"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: {
      "react-hooks": reactHooks,
      venuely: { rules: { "no-literal-ui-strings": noLiteralUiStrings, "no-feature-cycles": noFeatureCycles } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "venuely/no-literal-ui-strings": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: "Every user string renders as text; no raw HTML.",
        },
        { selector: "MemberExpression[object.name='window'][property.name=/^(localStorage|sessionStorage)$/]", message: storageMessage },
      ],
      "no-restricted-globals": [
        "error",
        { name: "localStorage", message: storageMessage },
        { name: "sessionStorage", message: storageMessage },
      ],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/lib/storage.ts"],
    rules: { "no-restricted-syntax": "off", "no-restricted-globals": "off" },
  },
  {
    // lib/, components/ and locales/ are shared foundations: they never reach up into features or app.
    files: ["src/lib/**", "src/components/**", "src/locales/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/features/*", "@/features/**", "../features/*"], message: "lib/components must not depend on features; move the shared part down." },
            { group: ["@/app/*", "@/app/**"], message: "Only src/app composes the application." },
          ],
        },
      ],
    },
  },
  // No cycles between features (eslint-rules/no-feature-cycles.js): if B already depends on A, A
  // must not import B. Tests are checked too (the graph itself is built from non-test files).
  {
    files: ["src/features/**/*.{ts,tsx}"],
    rules: { "venuely/no-feature-cycles": ["error", { featuresDir }] },
  },
  // Features import each other only through the other feature's index, and never the app layer.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).map((f) => `@/features/${f}/*`),
              message: "Import another feature through its index (@/features/<name>), not its internals.",
            },
            { group: ["@/app/*", "@/app/**"], message: "Features must not import the app layer." },
            { group: [`@/features/${feature}`, `@/features/${feature}/*`], message: "Inside a feature use relative imports." },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/**/*.test.{ts,tsx}", "src/test/**"],
    rules: {
      "venuely/no-literal-ui-strings": "off",
      "no-restricted-imports": "off",
      "no-restricted-syntax": "off",
      "no-restricted-globals": "off",
    },
  },
  {
    files: ["*.{js,ts}", "e2e/**/*.ts", "eslint-rules/**/*.js", "scripts/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
