/**
 * The descriptions and accordions written for the part's make, model and part type (SPEC §2, §7),
 * below the product. Description headings follow the spec's levels (first h1, 2nd and 6th h2, 3rd
 * to 5th h3). A failed load shows nothing (SPEC §8: descriptions and accordions are cleared).
 */
import { useId } from 'react';
import { descriptionHeadingLevel } from '../../../domain/product-page';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../shared/ui/accordion';
import { useCategoryInfo, type CategoryInfoQuery } from '../api/get-category-info';
import { Html } from './html';
import styles from './category-info.module.css';

export function CategoryInfo({ query }: { query: CategoryInfoQuery }) {
  const id = useId();
  const info = useCategoryInfo(query);
  const descriptions = info.data?.descriptions ?? [];
  const accordions = info.data?.accordions ?? [];
  if (descriptions.length === 0 && accordions.length === 0) return null;
  return (
    <section className={styles.info} aria-labelledby={descriptions.length ? `${id}-0` : `${id}-faq`}>
      {descriptions.map((description, index) => {
        const Heading = `h${descriptionHeadingLevel(index)}` as const;
        return (
          <div key={`${index}-${description.title}`} className={styles.description}>
            <Heading id={`${id}-${index}`} className={styles[`level${descriptionHeadingLevel(index)}`]}>
              {description.title}
            </Heading>
            <Html html={description.content} className={styles.text} />
          </div>
        );
      })}
      {accordions.length > 0 ? (
        <div className={styles.faq}>
          <h2 id={`${id}-faq`} className={styles.level2}>
            Questions and answers
          </h2>
          <Accordion className={styles.accordion}>
            {accordions.map((item, index) => (
              <AccordionItem key={`${index}-${item.title}`} value={String(index)}>
                <AccordionTrigger headingLevel={3}>{item.title}</AccordionTrigger>
                <AccordionContent>
                  <Html html={item.content} className={styles.text} />
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
      ) : null}
    </section>
  );
}
