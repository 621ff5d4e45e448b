/**
 * @app/rules: the business rules both the API and the browsers apply, framework-free
 * (no React, no DOM, no Node APIs, no dependencies), so each rule exists exactly once.
 * The course finder's SIA rules are a subpath of their own (`@app/rules/course-finder`): the
 * index is part of the site's first load, and those rules belong to two pages only.
 */
export * from "./dates";
export * from "./calendar";
export * from "./limits";
export * from "./csv";
export * from "./bank-holidays";
export * from "./money";
export * from "./discount";
export * from "./messages";
export * from "./readable-code";
export * from "./placeholders";
export * from "./log-safety";
export * from "./learning";
export * from "./postcode";
export * from "./self-service";
export * from "./deposits";
export * from "./balance-status";
