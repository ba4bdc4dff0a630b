/**
 * The part number and make/model forms, which the home page loads after its first paint (the
 * registration form opens first). One module, so they arrive as one download.
 */
export { MakeModelSearchForm } from './make-model-search-form';
export { PartNumberSearchForm } from './part-number-search-form';
