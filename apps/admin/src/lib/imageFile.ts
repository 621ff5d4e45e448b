import type { ChangeEvent } from "react";
import { MAX_IMAGE_BYTES } from "@app/contract";

/** Spec §5 image messages (the API enforces the same 5 MB cap on the decoded bytes). */
export const IMAGE_MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "File size must be less than 5MB",
} as const;

/** The message for a file the form must refuse, or null when it may be read. */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** Reads a file as a data URL (spec: uploads are sent as data URLs). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

/**
 * The change handler of a picture chooser's file input: a wrong type or size is reported through
 * `onError` (spec §5 words, said in the page rather than a browser alert); a good file is read and
 * handed to `onPick` as a data URL, after clearing the previous error.
 */
export async function takeChosenImage(
  event: ChangeEvent<HTMLInputElement>,
  onPick: (dataUrl: string) => void,
  onError: (message: string | null) => void,
): Promise<void> {
  const file = event.target.files?.[0];
  // Reset so choosing the same file again still fires a change.
  event.target.value = "";
  if (!file) return;
  const problem = imageFileProblem(file);
  onError(problem);
  if (problem) return;
  try {
    onPick(await readAsDataUrl(file));
  } catch {
    onError("Could not read the file");
  }
}
