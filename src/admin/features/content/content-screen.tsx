import { Link } from '@tanstack/react-router';
import { PageHeading } from '../../ui';
import styles from './content.module.css';

/** The shop's content the back office edits: where each kind lives. */
export function ContentScreen() {
  return (
    <>
      <PageHeading title="Content" description="What the shop says: its pages, its job adverts, its blog and buyers' reviews. Changes show on the shop at once." />
      <ul className={styles.links}>
        <li>
          <Link to="/content/pages">Pages</Link> — about us, terms, privacy, delivery, returns and the other fixed pages.
        </li>
        <li>
          <Link to="/content/jobs">Jobs</Link> — job adverts, open and expired.
        </li>
        <li>
          <Link to="/content/articles">Articles</Link> — the blog: published, scheduled and drafts.
        </li>
        <li>
          <Link to="/content/articles/tags">Tags and categories</Link> — the blog's category tabs and its tags.
        </li>
        <li>
          <Link to="/content/reviews">Reviews</Link> — buyers' reviews waiting to be approved or rejected.
        </li>
      </ul>
    </>
  );
}
