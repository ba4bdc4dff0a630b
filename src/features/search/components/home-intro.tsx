import styles from './home-intro.module.css';

/** The home page's heading and lead: what the shop sells, in one line. */
export function HomeIntro() {
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>Used car parts, checked and guaranteed</h1>
      <p className={styles.lead}>Search by registration, part number or make and model to find parts that fit your vehicle.</p>
    </div>
  );
}

/** Why buy here: the promises the spec backs (grading, warranties, the 3 pm delivery cut-off). */
export function ShopPromises() {
  return (
    <ul role="list" className={styles.points} aria-label="Why buy from PartsFinder UK">
      <li className={styles.point}>
        <div>
          <p className={styles.pointTitle}>Graded for condition</p>
          <p className={styles.pointText}>Every part is inspected and graded, so you know what you are getting.</p>
        </div>
      </li>
      <li className={styles.point}>
        <div>
          <p className={styles.pointTitle}>Warranty on every part</p>
          <p className={styles.pointText}>Choose the warranty that suits the job when you add a part to your cart.</p>
        </div>
      </li>
      <li className={styles.point}>
        <div>
          <p className={styles.pointTitle}>Order by 3 pm</p>
          <p className={styles.pointText}>Orders placed Monday to Thursday before 3 pm are delivered the next day.</p>
        </div>
      </li>
    </ul>
  );
}
