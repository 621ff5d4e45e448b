import { formatLongDate } from "@app/ui/format";

/** '2026-11-20' → '20th November 2026'. */
export const newsDate = (iso: string) => formatLongDate(iso).replace(",", "");
