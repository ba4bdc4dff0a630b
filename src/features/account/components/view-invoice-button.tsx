/**
 * 'View Invoice' on a paid order's card (SPEC §2, §4 invoice): loading while the PDF is fetched,
 * then saved under its own name; §8's texts when there is no reference or the download fails.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { t } from '../../../domain/messages';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { downloadInvoice, InvoiceError } from '../../../shared/order/download-invoice';
import { Button } from '../../../shared/ui/button';
import '../../../domain/messages-more';

export function ViewInvoiceButton({ hash, orderNumber }: { hash: string; orderNumber: string }) {
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
    <Button variant="secondary" onClick={() => void download()} disabled={!hydrated} aria-busy={loading} aria-label={`${t('orders.view_invoice')} for order ${orderNumber}`}>
      {loading ? t('invoice.downloading') : t('orders.view_invoice')}
    </Button>
  );
}
