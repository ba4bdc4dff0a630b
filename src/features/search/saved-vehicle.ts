/**
 * The remembered vehicle (SPEC §4) lives in src/shared/vehicle: the product page's compatibility
 * check reads and saves the same registration as the search forms.
 */
export * from '../../shared/vehicle/saved-vehicle';
