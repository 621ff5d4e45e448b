import { Users } from "lucide-react";
import { useSiteConfig } from "../../config/site";

/** Spec §1: the 'Join our Community' button opens the messaging-service group. */
export function JoinCommunityButton({ className }: { className?: string }) {
  const { provider } = useSiteConfig();
  return (
    <a
      href={provider.communityUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`ui-button ui-button--secondary ui-button--lg join-community${className ? ` ${className}` : ""}`}
    >
      <Users size={20} aria-hidden="true" />
      Join our Community
      <span className="ui-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** A band inviting students into the community group. */
export function CommunityBand() {
  return (
    <section className="community-band section section--later" aria-labelledby="community-title">
      <div className="ui-container community-band__inner">
        <div>
          <h2 id="community-title">Join our student community</h2>
          <p>
            Job alerts from local venues and events, licence tips and course dates, shared by our trainers and former students.
          </p>
        </div>
        <JoinCommunityButton />
      </div>
    </section>
  );
}
