import { Fragment } from 'react';
import type { SearchCar } from '../../../contract/catalogue';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import styles from './vehicle-details.module.css';

/** The car a registration lookup found (SPEC §3 search car), the details the lookup modal shows. */
export function VehicleDetails({ car }: { car: SearchCar }) {
  const rows: [string, string | number | null][] = [
    ['Make', car.Make],
    ['Model', car.Model],
    ['Year', car.Year],
    ['Body style', car.Style],
    ['Transmission', car.Transmssion],
    ['Gears', car.Gears ? t('breadcrumbs.gears', { gears: car.Gears }) : null],
    ['Engine code', car.EngineCode],
  ];
  return (
    <dl className={styles.details}>
      {rows
        .filter((row): row is [string, string | number] => row[1] !== null && String(row[1]).trim() !== '')
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
