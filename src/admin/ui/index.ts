// The back office's UI kit: import from here ('../../ui' in a feature, '../ui' in a route).
export { Button, buttonClass, type ButtonVariant } from './button';
export { ConfirmDialog } from './confirm-dialog';
export { DataTable, type Column, type SortDirection, type TableSort } from './data-table';
export { Field, SelectField, TextAreaField, TextField, type FieldControlProps } from './field';
export { FilterBar } from './filter-bar';
export { Notice, ToastProvider, useToast, type NoticeTone } from './notice';
export { PageHeading } from './page-heading';
export { Paginator, type PageFacts } from './paginator';
export { StatusBadge, type BadgeTone } from './status-badge';
export { StatusTabs, type StatusTab } from './status-tabs';
export { formatDateTime, formatMoney } from './format';
