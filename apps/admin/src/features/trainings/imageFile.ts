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
