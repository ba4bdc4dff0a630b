/**
 * Money rules of SPEC §1 and §9. Every amount is an integer number of pence, from the database to
 * the screen, so sums are exact; only formatting turns pence into pounds.
 */
import { t } from './messages';

/** SPEC §1, §9: VAT is 20 percent. */
export const VAT_RATE_PERCENT = 20;

export type Currency = 'GBP' | 'PLN';

function assertPence(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a whole number of pence, got ${value}`);
  }
}

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero, in integer
 * arithmetic so large amounts never pick up floating-point error. Away from zero keeps a refund
 * the exact mirror of its sale.
 */
function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  const quotient = (magnitude - remainder) / denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return rounded === 0 ? 0 : sign * rounded;
}

/**
 * SPEC §1: gross = net × 1.2, rounded half-up to the penny.
 * @throws RangeError when `netPence` is not a whole number of pence.
 */
export function grossFromNet(netPence: number): number {
  assertPence(netPence, 'netPence');
  return divideRounded(netPence * (100 + VAT_RATE_PERCENT), 100);
}

/**
 * SPEC §1: the VAT on a net amount, defined as gross − net so that net + VAT always equals the
 * gross price shown (rounding the VAT on its own could be a penny out).
 */
export function vatFromNet(netPence: number): number {
  return grossFromNet(netPence) - netPence;
}

/**
 * SPEC §1: the net amount of a VAT-inclusive one, gross ÷ 1.2 rounded half-up to the penny. For
 * every net amount n, netFromGross(grossFromNet(n)) = n.
 */
export function netFromGross(grossPence: number): number {
  assertPence(grossPence, 'grossPence');
  return divideRounded(grossPence * 100, 100 + VAT_RATE_PERCENT);
}

interface FormatMoneyOptions {
  currency?: Currency;
  /** false hides the currency symbol (SPEC §1). */
  symbol?: boolean;
}

/**
 * How each currency is written: GBP as en-GB writes it, PLN as pl-PL does (groups of three
 * separated by a no-break space, but only from five digits on, and the symbol after the amount).
 * Written out rather than asked of Intl.NumberFormat: a browser's first number formatter costs a
 * phone tens of milliseconds while the page becomes interactive, and every price on the first
 * screen goes through here. The tests hold both to Intl's output.
 */
interface MoneyStyle {
  group: string;
  decimal: string;
  /** The fewest integer digits that get grouped at all (CLDR's minimumGroupingDigits + 3). */
  groupFrom: number;
  symbol: string;
  symbolAfter: boolean;
}

const NBSP = '\u00a0';
const STYLES: Record<Currency, MoneyStyle> = {
  GBP: { group: ',', decimal: '.', groupFrom: 4, symbol: '£', symbolAfter: false },
  PLN: { group: NBSP, decimal: ',', groupFrom: 5, symbol: `${NBSP}zł`, symbolAfter: true },
};

interface MoneyParts {
  sign: '' | '-';
  integer: string;
  /** Always two digits. */
  fraction: string;
  style: MoneyStyle;
  symbol: boolean;
}

function toParts(pence: number, options: FormatMoneyOptions): MoneyParts {
  assertPence(pence, 'pence');
  const style = STYLES[options.currency ?? 'GBP'];
  const magnitude = Math.abs(pence);
  const digits = String(Math.floor(magnitude / 100));
  const integer = digits.length >= style.groupFrom ? digits.replace(/\B(?=(\d{3})+$)/g, style.group) : digits;
  return {
    // 0 is never '-£0.00'.
    sign: pence < 0 ? '-' : '',
    integer,
    fraction: String(magnitude % 100).padStart(2, '0'),
    style,
    symbol: options.symbol ?? true,
  };
}

function joinParts({ sign, integer, fraction, style, symbol }: MoneyParts, withFraction = true): string {
  const amount = withFraction ? `${integer}${style.decimal}${fraction}` : integer;
  if (!symbol) return `${sign}${amount}`;
  return style.symbolAfter ? `${sign}${amount}${style.symbol}` : `${sign}${style.symbol}${amount}`;
}

/**
 * SPEC §1: an amount as the shop shows it: en-GB for GBP ('£1,234.50'), pl-PL for PLN
 * ('1234,50 zł'), always two decimals; `symbol: false` hides the currency symbol ('1,234.50').
 */
export function formatMoney(pence: number, options: FormatMoneyOptions = {}): string {
  return joinParts(toParts(pence, options));
}

/**
 * SPEC §9: the discount shown on a product, the rounded percent of (old price − price) over the
 * old price; 0 when there is no old price or it is not above the price.
 */
export function discountPercent(oldPence: number, pricePence: number): number {
  assertPence(oldPence, 'oldPence');
  assertPence(pricePence, 'pricePence');
  if (oldPence <= 0 || pricePence >= oldPence) return 0;
  return divideRounded((oldPence - pricePence) * 100, oldPence);
}

/**
 * SPEC §9: the discount label, minus the rounded percent with '%' ('-23%'), or null when
 * {@link discountPercent} is 0 and no label shows.
 */
export function discountLabel(oldPence: number, pricePence: number): string | null {
  const percent = discountPercent(oldPence, pricePence);
  return percent > 0 ? `-${percent}%` : null;
}

/**
 * SPEC §9: the amount to pay, the total less every deduction (loyalty discount, discount code…),
 * floored at 0 because a discount never turns into money owed to the buyer.
 */
export function toPay(totalPence: number, ...deductionsPence: number[]): number {
  assertPence(totalPence, 'totalPence');
  let remaining = totalPence;
  for (const deduction of deductionsPence) {
    assertPence(deduction, 'deductionsPence');
    remaining -= deduction;
  }
  return Math.max(0, remaining);
}

/** SPEC §9: a warranty's price, 'Free' when it costs nothing, else the formatted amount. */
export function warrantyPriceLabel(pence: number, options: FormatMoneyOptions = {}): string {
  assertPence(pence, 'pence');
  return pence === 0 ? t('global.free') : formatMoney(pence, options);
}

/**
 * SPEC §9: the loyalty bar's amount, without ',00' / '.00' when the pence are zero ('£1,000',
 * '1000 zł'); other amounts keep both decimals ('£1,000.50').
 */
export function loyaltyAmountLabel(pence: number, options: FormatMoneyOptions = {}): string {
  const parts = toParts(pence, options);
  return joinParts(parts, parts.fraction !== '00');
}

/**
 * SPEC §4: the RRP line shows only when the RRP is at least the VAT-inclusive price, so it never
 * claims a saving that is not there.
 */
export function showsRrp(rrpPence: number | null | undefined, netPricePence: number): boolean {
  if (rrpPence === null || rrpPence === undefined) return false;
  assertPence(rrpPence, 'rrpPence');
  return rrpPence > 0 && rrpPence >= grossFromNet(netPricePence);
}
