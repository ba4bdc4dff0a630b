/**
 * The discount code input with apply (SPEC §2, §5, §8): an empty code warns 'no discount code', a
 * missing postcode 'region postcode'; a refused code shows the server's reason as a warning (the
 * server has taken any code off, and the cart is read again).
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Cart } from '../../../contract/cart';
import { discountCodeProblem } from '../../../domain/cart';
import { t } from '../../../domain/messages';
import { isApiError } from '../../../shared/api/api-error';
import { newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { Button } from '../../../shared/ui/button';
import styles from './cart-page.module.css';

export function DiscountCodeForm({ cart }: { cart: Cart }) {
  const check = useCartWrite('check-discount-code');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending) return;
    // Outside the UK there is no postcode to ask for: the chosen region stands in for it.
    const region = cart.region;
    const key = discountCodeProblem(code, region === null || region.is_uk ? cart.region_postcode : region.name);
    if (key) {
      setProblem(t(key));
      toast.warning(t(key));
      return;
    }
    setProblem(null);
    check.mutate(
      { body: { code: code.trim(), delivery_id: cart.delivery_id }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (answer) => {
          setCode('');
          toast.success(answer.msg);
        },
        onError: (error) => {
          const message = isApiError(error) ? (error.errors.code?.[0] ?? error.msg) : t('global.error');
          setProblem(message);
          // SPEC §8: a refused code is a warning; a failure with no answer at all an error.
          if (isApiError(error) && error.status === 422) toast.warning(message);
          else toast.error(message);
        },
      },
    );
  };

  return (
    <form className={styles.discount} onSubmit={apply} noValidate>
      <label htmlFor={id} className={styles.label}>
        Discount code
      </label>
      <div className={styles.discountRow}>
        <input
          id={id}
          className={styles.input}
          type="text"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="secondary" aria-disabled={check.isPending}>
          {check.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {problem ? (
        <span id={`${id}-error`} className={styles.fieldError}>
          {problem}
        </span>
      ) : null}
    </form>
  );
}
