import { Accordion } from "@app/ui";
import { FAQ, FAQ_DEFAULT_OPEN, FAQ_LOCATION, FAQ_PRICES } from "../../content/faq";
import { useSiteConfig } from "../../config/site";
import { useCatalogue } from "../../lib/root-data";
import { locationAnswer, priceAnswer } from "../../lib/catalogue-copy";

/** Spec §2 FAQ block: 7 questions, one open at a time, question 2 open first. */
export function FaqSection() {
  const courses = useCatalogue();
  const { provider } = useSiteConfig();
  const text = (p: string) => (p === FAQ_PRICES ? priceAnswer(courses) : p === FAQ_LOCATION ? locationAnswer(provider) : p);
  return (
    <section className="faq section section--later" aria-labelledby="faq-title">
      <div className="ui-container faq__inner">
        <div className="faq__intro">
          <p className="eyebrow">FAQ</p>
          <h2 id="faq-title">Frequently asked questions</h2>
          <p className="ui-muted">Straight answers about our courses, prices and getting your SIA licence.</p>
        </div>
        <Accordion
          className="faq__list"
          defaultOpenId={FAQ_DEFAULT_OPEN}
          items={FAQ.map((item) => ({
            id: item.id,
            title: item.question,
            content: item.answer.map((p, i) => <p key={i}>{text(p)}</p>),
          }))}
        />
      </div>
    </section>
  );
}
