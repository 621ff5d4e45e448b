/**
 * The working copy of a create or edit form and its field errors: what the create and edit
 * screens of trainings, saved items and discount codes do alike. A `null` draft means "not
 * editing" (detail screens in view mode); changes are then ignored.
 *
 *   const form = useDraftForm<DiscountDraft, DiscountErrors>(emptyDiscountDraft);
 *   form.change("code", "SPRING");                 // updates the field, clears its error (spec §5)
 *   if (form.check(validateCreateDiscount(form.draft))) create.mutate(form.draft);
 */
import { useCallback, useState } from "react";

type Errors = Partial<Record<string, string | undefined>>;

export function hasFieldErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

export function useDraftForm<D extends object | null, E extends Errors = Errors>(initial: D | (() => D)) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<E>({} as E);

  /** Sets one field; an error shown for that field goes away as soon as it is edited. */
  const change = useCallback(<K extends keyof NonNullable<D>>(field: K, value: NonNullable<D>[K]) => {
    setDraft((d) => (d === null ? d : ({ ...d, [field]: value } as D)));
    setErrors((e) => (e[field as string] ? ({ ...e, [field]: undefined } as E) : e));
  }, []);

  /**
   * Shows the errors found by a validation; with any, moves focus to the first invalid field in
   * `scope` (when `focusScope` is given) and answers false.
   */
  const check = useCallback((found: E, focusScope?: string): boolean => {
    setErrors(found);
    if (!hasFieldErrors(found)) return true;
    if (focusScope)
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`${focusScope} [aria-invalid='true']`)?.focus());
    return false;
  }, []);

  /** Back to a given draft (or none) with no errors: after saving, cancelling or a reload. */
  const reset = useCallback((next: D) => {
    setDraft(next);
    setErrors({} as E);
  }, []);

  return { draft, setDraft, errors, setErrors, change, check, reset };
}
