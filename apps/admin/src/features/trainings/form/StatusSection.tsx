import { useId } from "react";
import { Section } from "./parts";
import type { SectionProps } from "./parts";

/** Create only: publish the new course at once (the default) or keep it as a draft off the public site. */
export function StatusSection({ draft, set, disabled }: SectionProps) {
  const name = useId();
  return (
    <Section title="Publishing">
      <div className="tr-series__ends" role="radiogroup" aria-label="Publishing">
        <label className="tr-series__choice">
          <input
            type="radio"
            name={name}
            checked={draft.status === "published"}
            onChange={() => set({ status: "published" })}
            disabled={disabled}
          />
          Publish on the website now
        </label>
        <label className="tr-series__choice">
          <input
            type="radio"
            name={name}
            checked={draft.status === "draft"}
            onChange={() => set({ status: "draft" })}
            disabled={disabled}
          />
          Save as draft (not on the website until published)
        </label>
      </div>
    </Section>
  );
}
