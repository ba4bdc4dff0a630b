import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { t } from '../../../domain/messages';
import { cleanPartNumber, cleanVrn } from '../../../domain/validation';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { buttonClassName } from '../../../shared/ui/button';
import { usePartTypes } from '../api/get-part-types';
import { searchModeOf, type SearchMode } from '../search-rules';
import styles from './search-summary.module.css';

export interface SearchTerms {
  vrn?: string | undefined;
  oem?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  partType?: number | undefined;
}

const modeLabels: Record<SearchMode, string> = {
  vrn: t('breadcrumbs.vrn'),
  oem: t('breadcrumbs.oem'),
  'make-model': 'Make and model search',
};

function headingOf(mode: SearchMode, terms: SearchTerms, partName: string | undefined): string {
  const subject = partName ?? 'Parts';
  if (mode === 'vrn') return `${subject} for ${terms.vrn}`;
  if (mode === 'oem') return `Part number ${terms.oem}`;
  const vehicle = [terms.year, terms.make, terms.model].filter(Boolean).join(' ');
  return vehicle ? `${subject} for ${vehicle}` : 'Search for parts';
}

/** The top of the /categories page: what was searched, named the way the person typed it. */
/** The terms as the search uses them (SPEC §2): registration and part number cleaned, make upper-cased. */
function cleanTerms(terms: SearchTerms): SearchTerms {
  return {
    ...terms,
    vrn: terms.vrn === undefined ? undefined : cleanVrn(terms.vrn) || undefined,
    oem: terms.oem === undefined ? undefined : cleanPartNumber(terms.oem) || undefined,
    make: terms.make === undefined ? undefined : terms.make.trim().toUpperCase() || undefined,
  };
}

export function SearchSummary({ terms: searched }: { terms: SearchTerms }) {
  const partTypes = usePartTypes();
  const terms = cleanTerms(searched);
  const mode = searchModeOf(terms);
  const partName = terms.partType === undefined ? undefined : partTypes.find((partType) => partType.ID === terms.partType)?.Name;
  const heading = headingOf(mode, terms, partName);
  useDocumentTitle(heading);

  const rows: [string, string | number | undefined][] =
    mode === 'vrn'
      ? [['Registration', terms.vrn], ['Part type', partName]]
      : mode === 'oem'
        ? [['Part number', terms.oem]]
        : [['Make', terms.make], ['Model', terms.model], ['Year', terms.year], ['Part type', partName]];
  const shown = rows.filter((row): row is [string, string | number] => row[1] !== undefined && row[1] !== '');

  return (
    <section className={styles.summary} aria-labelledby="search-summary-title">
      <p className={styles.eyebrow}>{modeLabels[mode]}</p>
      <h1 id="search-summary-title" className={styles.title}>
        {heading}
      </h1>
      {shown.length > 0 ? (
        <dl className={styles.terms}>
          {shown.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      <div className={styles.actions}>
        <Link to="/" hash="search" className={buttonClassName('secondary')}>
          Search again
        </Link>
      </div>
    </section>
  );
}
