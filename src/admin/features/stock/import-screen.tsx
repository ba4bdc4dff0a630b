/**
 * /admin/stock/import: upload a CSV of parts (the template downloads from here), see every problem
 * by line and column, then import once it is clean — or import the good rows only.
 */
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_TEMPLATE } from '../../../domain/stock-import';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, type Column, DataTable, Notice, PageHeading, useToast } from '../../ui';
import { useImportParts } from './api';
import styles from './stock.module.css';

interface Problem {
  line: number;
  field: string;
  message: string;
}

export function ImportScreen() {
  const id = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const importing = useImportParts();
  const toast = useToast();
  const template = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE)}`, []);
  const answer = importing.data;
  const report = answer?.report;
  const send = (importGood: boolean) => {
    if (!file) return;
    importing.mutate({ csv: file.text, ...(importGood ? { import_good_rows: true } : {}) }, { onSuccess: ({ msg, report: done }) => done.imported > 0 && toast(msg) });
  };
  const columns: Column<Problem>[] = [
    { key: 'line', header: 'Line', align: 'end', cell: (problem) => problem.line },
    { key: 'field', header: 'Column', cell: (problem) => problem.field },
    { key: 'message', header: 'Problem', cell: (problem) => problem.message },
  ];
  const fileError = fieldErrorsOf(importing.error).csv;
  return (
    <>
      <PageHeading title="Import parts" description="A CSV file of parts, checked row by row with the part form's rules. Nothing is imported while a row has a problem." actions={<Link to="/stock">Back to stock</Link>} />
      <section className={styles.section} aria-labelledby="import-file">
        <h2 id="import-file">The file</h2>
        <p>
          Columns: {IMPORT_COLUMNS.join(', ')}.{' '}
          <a href={template} download="parts-import-template.csv">
            Download the template
          </a>{' '}
          (the header and an example row).
        </p>
        <div className="bo-field">
          <label className="bo-field__label" htmlFor={id}>
            CSV file
          </label>
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-error` : undefined}
            onChange={async (event) => {
              const chosen = event.currentTarget.files?.[0];
              importing.reset();
              setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
            }}
          />
          {fileError ? (
            <span id={`${id}-error`} className="bo-field__error">
              {fileError}
            </span>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button disabled={!file} busy={importing.isPending} onClick={() => send(false)}>
            {importing.isPending ? 'Checking…' : 'Check and import'}
          </Button>
        </div>
        {importing.error && !fileError ? <Notice tone="error">{messageOf(importing.error)}</Notice> : null}
      </section>
      {answer && report ? (
        <section className={[styles.section, styles.report].join(' ')} aria-labelledby="import-report" aria-live="polite">
          <h2 id="import-report">Report{file ? ` of ${file.name}` : ''}</h2>
          <Notice tone={report.imported > 0 ? 'success' : report.problems.length > 0 ? 'warning' : 'info'}>{answer.msg}</Notice>
          <p>
            {report.rows} rows: {report.good} good, {report.rows - report.good} with problems; {report.imported} imported.
            {report.skipped_lines.length > 0 ? ` Skipped lines: ${report.skipped_lines.join(', ')}.` : ''}
          </p>
          {report.imported === 0 && report.problems.length > 0 && report.good > 0 ? (
            <div className={styles.actions}>
              <Button variant="secondary" busy={importing.isPending} onClick={() => send(true)}>
                Import the {report.good} good {report.good === 1 ? 'row' : 'rows'}
              </Button>
              <span>or correct the file and choose it again.</span>
            </div>
          ) : null}
          {report.problems.length > 0 ? <DataTable caption="Problems by line and column" showCaption columns={columns} rows={report.problems} rowKey={(problem) => `${problem.line}-${problem.field}-${problem.message}`} /> : null}
        </section>
      ) : null}
    </>
  );
}
