import { API_URL } from "./config";
import { httpError, toApiError } from "./errors";

/** Downloads a file the API serves only to a signed-in session (the cookie goes with the call). */
export async function downloadFile(path: string, filename: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, { credentials: "include" });
  } catch (e) {
    throw toApiError(e);
  }
  if (!res.ok) {
    throw httpError(res.status, await res.json().catch(() => ({})));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
