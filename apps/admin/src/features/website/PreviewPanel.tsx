import { useEffect, useRef, useState } from "react";
import { Button } from "@app/ui";
import { SITE_URL } from "../../lib/config";

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The public page with every draft in place (a preview link, decision 363), in a frame of a
 * phone's width (390 px) or a desktop's (1280 px, scaled down to fit the screen).
 */
export function PreviewPanel({ token, page, onClose }: { token: string; page: string; onClose: () => void }) {
  const [width, setWidth] = useState<Width>("phone");
  const stage = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setScale(Math.min(1, el.clientWidth / WIDTHS.desktop));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const height = width === "phone" ? 780 : 900;
  const panel = useRef<HTMLElement>(null);
  // On a phone the panel is below a long form: bring it into view when it opens.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "start" });
  }, [token]);
  const src = `${SITE_URL}${page}?preview=${encodeURIComponent(token)}`;
  return (
    <section ref={panel} className="ws-preview" aria-labelledby="ws-preview-title">
      <div className="ws-preview__bar">
        <h2 id="ws-preview-title">Preview</h2>
        <div role="group" aria-label="Preview width" className="ws-preview__widths">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <Button
              key={w}
              type="button"
              size="sm"
              variant={w === width ? "primary" : "secondary"}
              aria-pressed={w === width}
              onClick={() => setWidth(w)}
            >
              {w === "phone" ? "Phone (390 px)" : "Desktop (1280 px)"}
            </Button>
          ))}
          <a className="ui-button ui-button--ghost ui-button--sm" href={src} target="_blank" rel="noreferrer">
            Open in a new tab
          </a>
          <Button type="button" size="sm" variant="ghost" onClick={onClose}>
            Close preview
          </Button>
        </div>
      </div>
      <div
        ref={stage}
        className={`ws-preview__stage ws-preview__stage--${width}`}
        style={width === "desktop" ? { height: Math.ceil(height * scale) } : undefined}
      >
        <iframe
          key={width}
          title={`Preview at ${WIDTHS[width]} px`}
          src={src}
          width={WIDTHS[width]}
          height={height}
          className="ws-preview__frame"
          style={width === "desktop" ? { transform: `scale(${scale})` } : undefined}
        />
      </div>
    </section>
  );
}
