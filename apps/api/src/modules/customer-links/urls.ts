/** The site's page of one booking, from its secret link. */
import type { MailSettings } from "../mail";
export const manageUrl = (s: MailSettings, token: string) => `${s.siteUrl.replace(/\/$/, "")}/my-bookings/${token}`;
