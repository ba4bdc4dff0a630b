import { createFileRoute } from '@tanstack/react-router';
import { CertificatePage } from '../features/warranty/components/certificate-page';
import { loadCertificate } from '../features/warranty/load-certificate';

/** /warranty/{number} (issue 32): the public confirmation of a warranty certificate, its QR code's target; 404 for a number never issued. */
export const Route = createFileRoute('/warranty/$number')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => loadCertificate(context, params.number),
  head: ({ loaderData }) => loaderData?.head ?? {},
  component: CertificateRoute,
});

function CertificateRoute() {
  const { number } = Route.useLoaderData();
  return <CertificatePage key={number} number={number} />;
}
