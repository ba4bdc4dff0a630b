import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface Column<Row> {
  /** The column's name; also the sort key the screen receives when its header is pressed. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** A header that sorts the table (the screen sorts, usually by asking the server). */
  sortable?: boolean;
  /** 'end' for amounts and counts. */
  align?: 'start' | 'end';
}

export interface TableSort {
  key: string;
  direction: SortDirection;
}

interface DataTableProps<Row> {
  /** Says what the table lists, for screen readers (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: TableSort | undefined;
  onSort?: ((sort: TableSort) => void) | undefined;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
}

/**
 * A table of records: headers that sort say how (aria-sort) and are buttons; pressing the sorted
 * header again turns the order round. Wide tables scroll inside their own box on a narrow screen.
 */
export function DataTable<Row>({ caption, showCaption = false, columns, rows, rowKey, sort, onSort, empty = 'Nothing to show.' }: DataTableProps<Row>) {
  return (
    <div className="bo-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bo-table">
        <caption className={showCaption ? 'bo-table__caption' : 'bo-visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th key={column.key} scope="col" className={column.align === 'end' ? 'bo-table__end' : undefined} aria-sort={column.sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}>
                  {column.sortable && onSort ? (
                    <button type="button" className="bo-table__sort" onClick={() => onSort({ key: column.key, direction: sorted === 'asc' ? 'desc' : 'asc' })}>
                      {column.header}
                      <span aria-hidden="true" className="bo-table__arrow">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="bo-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === 'end' ? 'bo-table__end' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
