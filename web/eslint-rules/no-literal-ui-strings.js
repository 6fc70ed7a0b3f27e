/**
 * No hard-coded UI strings: text that a person reads must come from the translation files.
 * Flags JSX text and string literals in JSX (children or user-facing attributes) that contain a
 * letter. Symbols and punctuation ("×", "·") are allowed.
 */
const USER_FACING_ATTRIBUTES = new Set(["alt", "title", "placeholder", "aria-label", "aria-description", "label"]);
const LETTER = /\p{L}/u;

export default {
  meta: {
    type: "problem",
    docs: { description: "disallow hard-coded user-visible strings in JSX; use t()" },
    messages: { literal: "Hard-coded UI string {{text}}: put it in src/locales/en and use t()." },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: "literal", data: { text: JSON.stringify(text.trim().slice(0, 40)) } });
    const check = (node, value) => {
      if (typeof value === "string" && LETTER.test(value)) report(node, value);
    };
    return {
      JSXText(node) {
        check(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === "JSXElement" || node.parent?.type === "JSXFragment") {
          const e = node.expression;
          if (e.type === "Literal") check(e, e.value);
          if (e.type === "TemplateLiteral") e.quasis.forEach((q) => check(q, q.value.cooked ?? ""));
        }
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : "";
        if (!USER_FACING_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === "Literal") check(node.value, node.value.value);
        if (node.value.type === "JSXExpressionContainer" && node.value.expression.type === "Literal") {
          check(node.value.expression, node.value.expression.value);
        }
      },
    };
  },
};
