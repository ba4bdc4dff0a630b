/** The RRP explanation on Radix Popover: opens as it loads (after the first click), Escape closes it. */
import { Popover, PopoverContent, PopoverTrigger } from '../../../shared/ui/popover';
import { RRP_LABEL } from './rrp-label';
import styles from './part-page.module.css';

export default function RrpPopover() {
  return (
    <Popover defaultOpen>
      <PopoverTrigger className={styles.infoButton} aria-label={RRP_LABEL}>
        <span aria-hidden="true">i</span>
      </PopoverTrigger>
      <PopoverContent side="top">
        <p className={styles.popoverText}>
          RRP is the manufacturer&apos;s recommended retail price of this part new, including VAT. Our used part is genuine,
          graded and tested, at a fraction of that price.
        </p>
      </PopoverContent>
    </Popover>
  );
}
