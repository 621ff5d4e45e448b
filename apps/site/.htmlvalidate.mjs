/**
 * html-validate over the first HTML of every public route (e2e/html-validate.test.ts): the
 * `recommended` preset, 0 errors. Rules switched off, each with its reason:
 */
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // Style only, both spellings are valid HTML: the page body comes from preact-render-to-string,
    // which writes void elements self-closed (`<img />`), while the head comes from index.html,
    // Vite and the server's preload links (`<meta>`). Rewriting one generator's output to match
    // the other would be churn with no effect on any browser or crawler.
    "void-style": "off",
    // The course page's add-on checkboxes share the name `addon` on purpose: a tap before
    // hydration submits the form natively and the page reads every `addon` value back
    // (decision 293). Sharing a name is what checkbox groups are for; the rule's default only
    // lists radio buttons and buttons.
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};
