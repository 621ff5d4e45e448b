import { Accordion } from "@app/ui";
import { fillFaqMarkers, useFaq } from "../../lib/use-texts";
import { useSiteConfig } from "../../config/site";
import { useCatalogue } from "../../lib/root-data";
import { locationAnswer, priceAnswer } from "../../lib/catalogue-copy";

/** Spec §2 FAQ block: 7 questions, one open at a time, question 2 open first. */
export function FaqSection() {
  const courses = useCatalogue();
  const { provider } = useSiteConfig();
  const faq = useFaq();
  const prices = priceAnswer(courses);
  const location = locationAnswer(provider);
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
          // Question 2 open first (spec), whatever the office named it.
          defaultOpenId={faq[1]?.id}
          items={faq.map((item) => ({
            id: item.id,
            title: item.question,
            // HTML the API cut down to its allow-list (decision 362).
            content: (
              <div
                className="faq__answer"
                dangerouslySetInnerHTML={{ __html: fillFaqMarkers(item.answerHtml, prices, location) }}
              />
            ),
          }))}
        />
      </div>
    </section>
  );
}
