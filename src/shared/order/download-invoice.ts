/**
 * GET /orders/invoice/{hash} (SPEC §7): the order's invoice as a PDF, saved under the name its
 * content-disposition gives, else '{hash}.pdf'. A refusal (an unpaid order, someone else's) is
 * told with the answer's status text or §8 'Invoice has not been generated yet, please try again
 * later'.
 */
import { API_BASE } from '../../contract/http';
import { invoicePath } from '../../contract/payments';
import { invoiceFilename } from '../../domain/payments';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import '../../domain/messages-account';

export class InvoiceError extends Error {}

/** Fetches the invoice and hands it to the browser as a download; throws an InvoiceError to show. */
export async function downloadInvoice(hash: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${invoicePath(hash)}`, { credentials: 'same-origin', headers: { Accept: 'application/pdf' } });
  } catch {
    throw new InvoiceError(t('invoice.not_generated'));
  }
  if (!response.ok) {
    // The §7 envelope's msg when the server sent one, else the HTTP status text, else §8.
    let message = '';
    try {
      const body = (await response.json()) as { msg?: unknown };
      if (typeof body.msg === 'string') message = body.msg;
    } catch {
      message = '';
    }
    throw new InvoiceError(message || response.statusText || t('invoice.not_generated'));
  }
  const blob = await response.blob();
  const filename = invoiceFilename(response.headers.get('content-disposition'), hash);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
