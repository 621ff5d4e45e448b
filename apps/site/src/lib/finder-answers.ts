import type { FinderAnswers } from "@app/rules/course-finder";

/**
 * The finder's answers, kept in this browser only (never sent anywhere) from "Book these" until
 * checkout sends them with the booking; the checkout clears them. A finder session that does not
 * book leaves nothing on the server (course finder and prerequisites, decision 341).
 */
export const FINDER_STORAGE_KEY = "finder:answers";

export function saveFinderAnswers(answers: FinderAnswers): void {
  try {
    window.localStorage.setItem(FINDER_STORAGE_KEY, JSON.stringify(answers));
  } catch {
    /* storage blocked: the booking simply goes without the answers */
  }
}

export function readFinderAnswers(): FinderAnswers | null {
  try {
    const raw = window.localStorage.getItem(FINDER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as FinderAnswers) : null;
  } catch {
    return null;
  }
}

export function clearFinderAnswers(): void {
  try {
    window.localStorage.removeItem(FINDER_STORAGE_KEY);
  } catch {
    /* nothing to clear */
  }
}
