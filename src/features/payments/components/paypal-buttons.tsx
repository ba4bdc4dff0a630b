/**
 * PayPal's own buttons (SDK @paypal/react-paypal-js), used when the shop has PayPal keys. Loaded
 * only by the payment panel, as its own chunk. createOrder asks the shop for PayPal's order id;
 * onApprove asks the shop to capture it and reads the answer by SPEC §5's rules
 * (INSTRUMENT_DECLINED restarts the buttons); onCancel is §8's warning.
 */
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useRef } from 'react';
import { paypalCaptureOutcome, paypalOrderId } from '../../../domain/payments';
import { t } from '../../../domain/messages';
import { errorText, type PaymentFlow } from './payment-flow';
import '../../../domain/messages-more';

export default function PaypalButtons({ flow, clientId }: { flow: PaymentFlow; clientId: string }) {
  // The message already shown for the failure PayPal reports again through onError.
  const shown = useRef<string | null>(null);
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'GBP', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        disabled={flow.busy}
        forceReRender={[flow.hash]}
        createOrder={async () => {
          shown.current = null;
          let answer: unknown;
          try {
            answer = await flow.calls.createPaypalOrder(flow.hash);
          } catch (error) {
            answer = { msg: errorText(error, '') };
          }
          const created = paypalOrderId(answer);
          if ('id' in created) return created.id;
          shown.current = created.message;
          flow.finish({ kind: 'failed', message: created.message });
          throw new Error(created.message);
        }}
        onApprove={async (data, actions) => {
          if (!flow.begin()) return;
          let answer: unknown;
          try {
            answer = await flow.calls.capturePaypal(data.orderID);
          } catch (error) {
            answer = { msg: errorText(error, t('global.error')) };
          }
          const outcome = paypalCaptureOutcome(answer);
          if (outcome.kind === 'restart') {
            flow.finish({ kind: 'idle' });
            actions.restart();
            return;
          }
          flow.finish(outcome);
        }}
        onCancel={() => flow.finish({ kind: 'warning', message: t('payment.cancelled') })}
        onError={(error) => {
          const message = error instanceof Error ? error.message : String(error);
          if (message === shown.current) return;
          flow.finish({ kind: 'failed', message: t('payment.paypal_init_failed', { error: message }) });
        }}
      />
    </PayPalScriptProvider>
  );
}
