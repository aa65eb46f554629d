// The catalogue's sample files in the private `deliverables` bucket, uploaded through the Storage
// API with the service role as an administrator's tool would, so that every purchase made on the
// local stack has a file to deliver. Files already there are left as they are.
import { sampleDeliverables } from '../commerce-sandbox/digital-files.ts';
import { nodeClient } from '../lib/supabase-client.ts';

export const deliverablesBucket = 'deliverables';

export async function uploadSampleDeliverables(apiUrl: string, serviceRoleKey: string): Promise<string[]> {
  const bucket = nodeClient(apiUrl, serviceRoleKey).storage.from(deliverablesBucket);
  const { data: present, error } = await bucket.list('products', { limit: 1000 });
  if (error) throw new Error(`the deliverables bucket cannot be listed: ${error.message}`);
  const there = new Set(present.map((object) => `products/${object.name}`));
  const uploaded: string[] = [];
  for (const sample of sampleDeliverables()) {
    if (there.has(sample.objectPath)) continue;
    const { error: failed } = await bucket.upload(sample.objectPath, sample.bytes(), { contentType: sample.contentType, upsert: false });
    if (failed) throw new Error(`${sample.objectPath} could not be uploaded: ${failed.message}`);
    uploaded.push(sample.objectPath);
  }
  return uploaded;
}
