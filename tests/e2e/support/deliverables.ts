// The originals the journeys buy, in the private bucket `deliverables` under `products/<file>`
// (the object paths the catalogue's variants name). Until `npm start`'s demo data uploads the
// sandbox's files there, a journey file uploads these itself, with the service role as an
// administrator's tooling would; made by the sandbox's own file makers, nothing downloaded.
import { beforeAll } from 'vitest';
import { pdfDocument, wavTone } from '../../../scripts/commerce-sandbox/file-formats.ts';
import { client, type ShopEnv } from '../../support/shop.ts';

const originals = [
  {
    path: 'products/souffle-sacre.pdf',
    contentType: 'application/pdf',
    bytes: () => pdfDocument('Le Souffle Sacré', ['Enseignement sur la respiration', 'La respiration comme prière : un enseignement simple et profond pour revenir à l’instant présent.']),
  },
  { path: 'products/meditation-lumiere-interieure.wav', contentType: 'audio/wav', bytes: () => wavTone(4, 220) },
];

export function useDeliverables(): void {
  beforeAll(async () => {
    const env = process.env as unknown as ShopEnv;
    const admin = client(env, env.SUPABASE_SERVICE_ROLE_KEY);
    for (const original of originals) {
      const { error } = await admin.storage.from('deliverables').upload(original.path, original.bytes(), { upsert: true, contentType: original.contentType });
      if (error) throw new Error(`uploading ${original.path}: ${error.message}`);
    }
  });
}
