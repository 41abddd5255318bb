import { useNonce } from '../lib/nonce.ts';
import { jsonLdText } from '../lib/structured-data.ts';

/** Structured data for search engines: one JSON-LD script (an object or a list of them), with the CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  );
}
