/** Moves focus to the first invalid input so keyboard and screen-reader users land on the problem. */
export function focusFirstError(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>("[aria-invalid='true'], .tr-section__error");
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    if (first.matches("input, textarea, select, button")) first.focus();
  });
}
