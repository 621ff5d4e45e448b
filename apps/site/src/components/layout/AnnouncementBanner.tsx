import { useSiteConfig } from "../../config/site";
import { bannerShows, ukToday } from "../../lib/banner";

/**
 * The office's announcement (website editing), above the header between its start and end dates (UK
 * days, both included). Its HTML is the API's, already cut down to the allow-list (decision 362).
 */
export function AnnouncementBanner() {
  const banner = useSiteConfig().texts?.banner;
  if (!banner || !bannerShows(banner, ukToday())) return null;
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="ui-container announcement__text" dangerouslySetInnerHTML={{ __html: banner.textHtml }} />
    </aside>
  );
}
