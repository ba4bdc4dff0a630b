/**
 * 'Download invoice' (SPEC §4 invoice, §7 orders/invoice, §8): loading while the PDF is fetched,
 * then saved under its own name. No order reference: §8's info toast; a refusal: its status text
 * or 'Invoice has not been generated yet, please try again later'.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { t } from '../../../domain/messages';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { downloadInvoice, InvoiceError } from '../../../shared/order/download-invoice';
import '../../../domain/messages-more';

export function InvoiceButton({ hash, variant = 'secondary' }: { hash: string; variant?: ButtonVariant }) {
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
    <Button variant={variant} onClick={() => void download()} disabled={!hydrated} aria-disabled={loading} aria-busy={loading}>
      {loading ? t('invoice.downloading') : t('invoice.download')}
    </Button>
  );
}
