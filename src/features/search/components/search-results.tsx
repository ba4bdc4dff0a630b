/**
 * The /categories results (SPEC §2, §4, §8): breadcrumbs per search mode with the result count,
 * the car found for a registration, the parts as search cards with their compatibility badges,
 * and, when nothing is in stock or the search fails, the no-results flow that ends at the part
 * request form. Code 501 asks for a part type; 502 (unknown registration) forgets the vehicle.
 * A stock number (the part page's link to all parts from the same vehicle) shows one donor car's parts.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import type { ProductCard as Product } from '../../../contract/catalogue';
import type { PartType } from '../../../contract/part-types';
import { hasCompatibilityCheck } from '../../../domain/compatibility';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { searchMode, type CategoriesSearch, type SearchMode } from '../../../domain/search';
import { breadcrumbs, isMoreThanLimit } from '../../../domain/search-breadcrumbs';
import { savedSearchOfResults } from '../../../domain/saved-search-of-results';
import { isApiError } from '../../../shared/api/api-error';
import { usePartTypes } from '../../../shared/catalogue/get-part-types';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { GarageFitScope } from '../../../shared/garage/garage-fit';
import { VehicleAlertOffer, type AlertVehicle } from '../../../shared/garage/vehicle-alert';
import { ProductCard, productGridClassName } from '../../../shared/product/product-card';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { InlinePending } from '../../../shared/ui/page-pending';
import { partSearchUrl, usePartSearch, type PartSearchParams } from '../api/part-search';
import { failedForSignal, useOfflineAsOf } from '../../../shared/offline/kept-answer';
import { OfflineNotice } from '../../../shared/offline/offline-notice';
import { SearchNeedsSignal } from './search-needs-signal';
import { sharedCompatibilityLevel } from '../compatibility-level';
import { forgetVehicle } from '../saved-vehicle';
import { NoResults } from './no-results';
import { NumberPlate } from './number-plate';
import { PartTypeNeeded } from './part-type-needed';
import { SaveSearch } from './save-search';
import styles from './search-results.module.css';
import { VehicleDetails } from './vehicle-details';

export interface PartRequestDefaults {
  carReg: string;
  partType: PartType | undefined;
}

interface SearchResultsProps {
  search: CategoriesSearch;
  /** The three search forms, to search again (composed by the route). */
  searchForms: (options: { cleared: boolean }) => ReactNode;
  /** The part request form of the no-results flow (composed by the route). */
  partRequest: (defaults: PartRequestDefaults) => ReactNode;
}

export function searchParamsOf(search: CategoriesSearch): PartSearchParams {
  return { vrn: search.vrn, oem: search.oem, make: search.make, model: search.model, year: search.year, partType: search.partType, stock: search.stock };
}

/**
 * SPEC §2 link to all parts from the same vehicle: the donor car named by its parts found (the
 * query's make and model are upper-cased or partial), else by the query.
 */
function donorHeading(search: CategoriesSearch, found: readonly Product[]): string {
  const part = found[0];
  const words = part ? [part.Year, part.ManuName, part.ModelName] : [search.year, search.make, search.model];
  const vehicle = words.filter(Boolean).join(' ');
  return vehicle ? t('search.vehicle_parts_of', { vehicle }) : t('search.vehicle_parts');
}

function headingOf(mode: SearchMode, search: CategoriesSearch, partName: string | undefined, vehicle: string | undefined): string {
  const subject = partName ?? 'Parts';
  if (mode === 'oem') return `Part number ${search.oem ?? ''}`;
  if (mode === 'vrn') return `${subject} for ${vehicle ?? search.vrn ?? 'your vehicle'}`;
  const car = [search.year, search.make, search.model].filter(Boolean).join(' ');
  return car ? `${subject} for ${car}` : 'Search for parts';
}

export function SearchResults({ search, searchForms, partRequest }: SearchResultsProps) {
  const partTypes = usePartTypes();
  const mode = searchMode(search);
  const hasTerms = Boolean(search.vrn || search.oem || search.make || search.stock);
  // The stock number narrows the make/model search only (SPEC §2 picks the mode first).
  const stock = mode === 'make-model' ? search.stock : undefined;
  const query = usePartSearch(searchParamsOf(search), hasTerms);
  const answer = query.data?.data;
  const partType = partTypes.find((row) => row.ID === search.partType);
  const car = answer?.car ?? null;
  const vehicle = car ? [car.Make, car.Model].filter(Boolean).join(' ') : undefined;
  const heading = !hasTerms
    ? 'Search for parts'
    : stock
      ? donorHeading(search, answer ? [...answer.parts, ...answer.sold_parts, ...answer.comming_soon] : [])
      : headingOf(mode, search, partType?.Name, vehicle);
  useDocumentTitle(heading);

  const unknownRegistration = answer?.code === 502;
  useEffect(() => {
    // SPEC §8, code 502: the vehicle is removed.
    if (unknownRegistration && mode === 'vrn') forgetVehicle();
  }, [unknownRegistration, mode]);

  const parts = useMemo(() => (answer?.code === 200 ? answer.parts : []), [answer]);
  // SPEC §4: with a compatibility check, every result shows the level stored for the vehicle
  // (the first result's when none is stored yet); elsewhere each part shows its own.
  const sharedLevel = useMemo(() => {
    if (!hasCompatibilityCheck(partType) || mode !== 'vrn') return undefined;
    return sharedCompatibilityLevel(parts[0]?.CompatabilityLevel);
  }, [partType, mode, parts]);
  const levelOf = (own: number) => (hasCompatibilityCheck(partType) ? (sharedLevel ?? own) : undefined);

  const crumbs = breadcrumbs(mode, {
    oem: search.oem,
    year: search.year,
    make: search.make,
    model: search.model,
    partType: partType?.Name,
    stock,
    car: unknownRegistration ? null : car,
    count: answer && answer.code === 200 ? answer.parts.length : undefined,
  });

  const failed = query.isError;
  // Issue 16: a search seen before opens offline from the worker's copy, as of when it was
  // fetched; a new one says it needs signal, keeps what was typed and offers the part request.
  const needsSignal = failed && !answer && failedForSignal(query.error);
  const asOf = useOfflineAsOf({ dataUpdatedAt: query.dataUpdatedAt, error: query.error, answerUrl: hasTerms ? partSearchUrl(searchParamsOf(search)) : undefined });
  const noResults = (failed && !needsSignal && !answer) || (answer?.code === 200 && parts.length === 0);
  // Issue 17: a search that answered can be saved (one donor vehicle's parts cannot). The URL's
  // make is upper-cased (SPEC §2); the name offered spells it as the parts found spell it.
  const saved = answer?.code === 200 ? savedSearchOfResults(search) : null;
  const spelt = answer && saved?.make ? [...answer.parts, ...answer.sold_parts, ...answer.comming_soon].find((part) => part.ManuName.toUpperCase() === saved.make)?.ManuName : undefined;
  // Issue 17: the vehicle whose arrival for breaking a member may ask to hear about: the car a
  // registration found, or the make, model and year searched (not a part number or a donor car).
  const alertVehicle: AlertVehicle | null =
    mode === 'vrn' && car && !unknownRegistration
      ? { make: car.Make, model: car.Model, year: car.Year }
      : mode === 'make-model' && !stock && search.make
        ? { make: search.make, model: search.model, year: search.year }
        : null;
  const partName =
    mode === 'oem' ? `parts with part number ${search.oem ?? ''}` : (partType?.Name ?? (stock ? t('search.vehicle_parts_name') : 'parts'));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {hasTerms ? <Breadcrumbs crumbs={crumbs} /> : null}
        <h1 className={styles.title}>{heading}</h1>
        {answer?.code === 200 && parts.length > 0 ? (
          <p className={styles.count} role="status">
            {isMoreThanLimit(parts.length) ? `Showing ${parts.length} parts — ${t('breadcrumbs.results_more')}, refine your search to see others` : parts.length === 1 ? '1 part found' : `${parts.length} parts found`}
          </p>
        ) : null}
        {answer ? <OfflineNotice asOf={asOf} /> : null}
        {saved ? (
          <div className={styles.save}>
            <SaveSearch params={saved} partTypeName={partType?.Name ?? null} makeName={spelt} />
          </div>
        ) : null}
      </header>

      <div className={styles.layout}>
        <div className={styles.results}>
          {car && mode === 'vrn' && !unknownRegistration ? (
            <section className={styles.vehicle} aria-label="Your vehicle">
              <NumberPlate>{search.vrn}</NumberPlate>
              <VehicleDetails car={car} />
            </section>
          ) : null}

          {query.isPending && hasTerms ? (
            <InlinePending>Searching…</InlinePending>
          ) : null}

          {needsSignal ? (
            <SearchNeedsSignal
              search={search}
              retry={() => void query.refetch()}
              partRequest={partRequest({ carReg: mode === 'vrn' ? (search.vrn ?? '') : '', partType })}
            />
          ) : null}

          {failed && !needsSignal && !answer ? (
            <p className={styles.error} role="alert">
              {isApiError(query.error) && query.error.kind !== 'parse' ? query.error.msg : t('global.error')}
            </p>
          ) : null}

          {unknownRegistration ? (
            <p className={`${styles.info} ${styles.infoTitle}`} role="status">
              {query.data?.msg || t('filters.vrn_not_found')}
            </p>
          ) : null}

          {answer?.code === 501 ? <PartTypeNeeded message={query.data?.msg ?? ''} search={search} partTypes={partTypes} /> : null}

          {parts.length > 0 && alertVehicle ? <VehicleAlertOffer vehicle={alertVehicle} /> : null}

          {parts.length > 0 ? (
            <GarageFitScope tags={parts.map((part) => part.Tag)}>
              {/* The cards' titles are third-level headings: this one keeps the outline whole under the page's h1. */}
              <h2 id="parts-found" className="visually-hidden">
                Parts found
              </h2>
              <ul className={productGridClassName} aria-labelledby="parts-found">
                {parts.map((part, index) => (
                  <li key={part.Tag}>
                    <ProductCard product={part} variant="search" compatibilityLevel={levelOf(part.CompatabilityLevel)} eager={index < 4} priority={index === 0} />
                  </li>
                ))}
              </ul>
            </GarageFitScope>
          ) : null}

          {noResults ? (
            <NoResults
              partName={partName}
              soldParts={answer?.sold_parts ?? []}
              comingSoon={answer?.comming_soon ?? []}
              searchId={answer?.SearchID ?? null}
              vehicleAlert={alertVehicle ? <VehicleAlertOffer vehicle={alertVehicle} /> : null}
              partRequest={partRequest({ carReg: mode === 'vrn' ? (search.vrn ?? '') : '', partType })}
            />
          ) : null}
        </div>

        <aside className={styles.aside} aria-label="Search again">
          {searchForms({ cleared: unknownRegistration })}
        </aside>
      </div>
    </div>
  );
}
