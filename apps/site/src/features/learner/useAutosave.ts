import { useCallback, useEffect, useRef, useState } from "react";
import type { LearnerForm, LearnerFormPatch } from "@app/contract";
import { ApiError } from "../../lib/api";
import { learnerApi } from "./api";

export type SaveState = "idle" | "saving" | "saved" | "invalid" | "error";
type Patch = Record<string, unknown>;

/** How long after the last keystroke the form saves. */
export const AUTOSAVE_DELAY_MS = 700;

/**
 * Saves the form as the learner types: changed fields are collected and sent after a short pause
 * (or at once on leaving a field). A field the API refuses (e.g. the 12-month first-aid rule)
 * gets its message and is left out of a second try, so the other fields still save.
 */
export function useAutosave(token: string, onSaved: (form: LearnerForm) => void) {
  const [state, setState] = useState<SaveState>("idle");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = useRef<Patch>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const savedCb = useRef(onSaved);
  savedCb.current = onSaved;

  const send = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current;
    const patch = pending.current;
    pending.current = {};
    if (!Object.keys(patch).length) return;
    setState("saving");
    const run = (async () => {
      try {
        savedCb.current(await learnerApi.save(token, patch as LearnerFormPatch));
        setErrors((e) => {
          const next = { ...e };
          for (const k of Object.keys(patch)) delete next[k];
          return next;
        });
        setState(Object.keys(pending.current).length ? "saving" : "saved");
      } catch (err) {
        const issues = err instanceof ApiError && err.status === 400 ? (err.body?.issues ?? []) : [];
        if (!issues.length) {
          // Offline or a server fault: keep the changes and try again with the next one.
          pending.current = { ...patch, ...pending.current };
          setState("error");
          return;
        }
        const refused: Record<string, string> = {};
        for (const i of issues) refused[i.path.split(".")[0] || "form"] = i.message;
        setErrors((e) => ({ ...e, ...refused }));
        const rest = Object.fromEntries(Object.entries(patch).filter(([k]) => !(k in refused)));
        if (Object.keys(rest).length) {
          try {
            savedCb.current(await learnerApi.save(token, rest as LearnerFormPatch));
          } catch {
            pending.current = { ...rest, ...pending.current };
          }
        }
        setState("invalid");
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [token]);

  const change = useCallback(
    (field: string, value: unknown, immediate = false) => {
      pending.current = { ...pending.current, [field]: value };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), immediate ? 0 : AUTOSAVE_DELAY_MS);
      setState("saving");
    },
    [send],
  );

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    void send();
  }, [send]);

  useEffect(() => {
    // Leaving the page (or putting the phone away) saves what is typed.
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush]);

  return { state, errors, setErrors, change, flush };
}
