import { bannerShows } from "../../lib/website";
import { ukToday, useBanner } from "../../lib/use-texts";

/**
 * The office's announcement (issue 35), above the header between its start and end dates (UK
 * days, both included). Its HTML is the API's, already cut down to the allow-list (decision 362).
 */
export function AnnouncementBanner() {
  const banner = useBanner();
  if (!banner || !bannerShows(banner, ukToday())) return null;
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="ui-container announcement__text" dangerouslySetInnerHTML={{ __html: banner.textHtml }} />
    </aside>
  );
}
