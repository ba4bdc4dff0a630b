/**
 * The home page's one-tap searches (issue 17): a signed-in member's garage vehicles, each a link
 * to the normal search results for it (the vehicle's `search` parameters). Loaded by the home page
 * after hydration, and only for a signed-in member, so the page's first download is unchanged and
 * a visitor sends no request. Drawn only when the garage has a vehicle.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { categoriesSearch } from '../../domain/search';
import { garageQueryOptions } from './garage-queries';
import styles from './garage-searches.module.css';

export default function GarageSearches() {
  const garage = useQuery(garageQueryOptions());
  const vehicles = garage.data?.vehicles ?? [];
  if (vehicles.length === 0) return null;
  return (
    <section className={styles.garage} aria-labelledby="garage-searches-title">
      <h2 id="garage-searches-title" className={styles.title}>
        Search for your vehicles
      </h2>
      <ul role="list" className={styles.list}>
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <Link to="/categories" search={categoriesSearch(vehicle.search)} className={`${styles.vehicle} ${vehicle.current ? styles.current : ''}`}>
              <span className={styles.label}>{vehicle.label}</span>
              <span className={styles.note}>{vehicle.current ? 'Current vehicle · see parts' : 'See parts'}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
