/**
 * The invoice's download button (SPEC §4 invoice, §7 orders/invoice, §8): 'Download invoice' on the
 * order's pages, 'View Invoice' on a paid order's card in the account. Loading while the PDF is
 * fetched, then saved under its own name. No order reference: §8's info toast; a refusal: its
 * status text or 'Invoice has not been generated yet, please try again later'.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { useHydrated } from '../hooks/use-hydrated';
import { Button, type ButtonVariant } from '../ui/button';
import { downloadInvoice, InvoiceError } from './download-invoice';
import '../../domain/messages-account';

export function InvoiceButton({ hash, variant = 'secondary', label = t('invoice.download'), accessibleName }: { hash: string; variant?: ButtonVariant; label?: string; accessibleName?: string }) {
  const hydrated = useHydrated();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    if (loading) return;
    if (!hash) {
      toast.info(t('invoice.request_error'));
      return;
    }
    setLoading(true);
    try {
      await downloadInvoice(hash);
    } catch (error) {
      toast.error(error instanceof InvoiceError ? error.message : t('invoice.not_generated'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant={variant} onClick={() => void download()} disabled={!hydrated} aria-disabled={loading} aria-busy={loading} aria-label={accessibleName}>
      {loading ? t('invoice.downloading') : label}
    </Button>
  );
}
