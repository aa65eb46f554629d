// issue-download: a short-lived signed URL to what the caller bought in one paid order item,
// under a readable French file name. A PDF reaches its buyer only as their stamped copy, made here
// on the first request (buyer-copy.ts); audio and video go as they are. The link is asked of the
// database as the caller (`issue_download_link`: their own paid item, logged, at most N a day),
// and signed by Storage as the caller: its policy opens exactly that object, briefly, after it.
// The viewer's link to a video comes with its HLS stream, once transcoded, and its subtitles
// (video-stream.ts), signed the same way. `issue_download_link` (migrations
// 20261125120000_buyer_copies.sql, 20261128150200_online_only_files.sql) allows 20 links a day
// per item (`private.delivery_settings`) and refuses an `attachment` link to a file read online
// only; the storage policy opens the object it names for two minutes after the request
// (`signing_window_seconds`), so a PDF's original is never signed for a buyer. An administrator reads every item under RLS but gets no link to a customer's.
// 20 viewing links × 15 minutes is five hours of reading a day per item.
import type { SupabaseClient } from '@supabase/supabase-js';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, jsonResponse, readJson } from '../_shared/errors.ts';
import { IssueDownloadBody, parseBody } from '../_shared/schemas.ts';
import { requireUser } from '../_shared/caller.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { deliverablesBucket, makeBuyerCopy } from './buyer-copy.ts';
import { deliveryFileName } from './file-name.ts';
import { fileUnavailable, linkRefusal } from './refusals.ts';
import { subtitleTracks, videoStream } from './video-stream.ts';

/**
 * How long a link works. A download link only has to start the download the click asked for
 * (Storage checks the token when a request starts, so a long download is not cut): two minutes,
 * and a link copied elsewhere dies as fast. The viewer's link is fetched again and again while
 * the page is open (pdf.js and the media players read by Range requests as the reader turns
 * pages or seeks), so it must last a reading session: 15 minutes, after which the viewer asks
 * again, each time counted in the day's limit.
 */
const linkSeconds = { attachment: 120, inline: 15 * 60 } as const;

interface OwnItem {
  id: string;
  order_id: string;
  product_title: string;
  variant_title: string | null;
  file_type: string | null;
  file_path: string | null;
  stamped_path: string | null;
  refunded_at: string | null;
  orders: { dispute_status: string | null };
}

/** The caller's own item of a paid order, read under RLS; anything else is "not available". */
async function readOwnItem(caller: SupabaseClient, userId: string, itemId: string): Promise<OwnItem & { file_path: string }> {
  const { data, error } = await caller
    .from('order_items')
    .select('id, order_id, product_title, variant_title, file_type, file_path, stamped_path, refunded_at, orders!inner(user_id, status, dispute_status)')
    .eq('id', itemId)
    // RLS alone would show an administrator every item: stamp only what the caller bought.
    .eq('orders.user_id', userId)
    .eq('orders.status', 'completed')
    .maybeSingle<OwnItem>();
  if (error) throw new Error(`reading order item ${itemId}: ${error.message}`);
  if (!data?.file_path) throw fileUnavailable(data ? `item ${itemId} has no file` : `no paid item ${itemId} of ${userId}`);
  return { ...data, file_path: data.file_path };
}

async function profileName(caller: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await caller.from('profiles').select('full_name').eq('id', userId).maybeSingle<{ full_name: string | null }>();
  if (error) throw new Error(`reading profile ${userId}: ${error.message}`);
  return data?.full_name ?? null;
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request);
    const { order_item_id, disposition } = parseBody(IssueDownloadBody, await readJson(request));
    const item = await readOwnItem(caller, user.id, order_item_id);

    // A refunded or suspended line gets no copy: issue_download_link below says why in French.
    const entitled = item.refunded_at === null && item.orders.dispute_status !== 'open';
    if (item.file_type === 'pdf' && !item.stamped_path && entitled) {
      const buyer = { id: user.id, email: user.email ?? '', fullName: await profileName(caller, user.id) };
      await makeBuyerCopy(serviceClient(), buyer, item);
    }

    const { data: path, error: linkError } = await caller.rpc('issue_download_link', { p_order_item_id: order_item_id, p_disposition: disposition });
    if (linkError) throw linkRefusal(linkError) ?? new Error(`issue_download_link(${order_item_id}): ${linkError.message}`);
    if (typeof path !== 'string') throw new Error(`issue_download_link(${order_item_id}) returned no path`);

    const seconds = linkSeconds[disposition];
    // Taken before signing, so the app renews a moment early rather than a moment late.
    const expiresAt = new Date(Date.now() + seconds * 1000);
    const { data: signed, error: signError } = await caller.storage.from(deliverablesBucket).createSignedUrl(path, seconds);
    if (signError) throw new Error(`signing ${path}: ${signError.message}`);

    const fileName = deliveryFileName(item.product_title, item.variant_title, item.file_path);
    // Named here rather than by createSignedUrl's `download` option, which encodes the name twice
    // (supabase/supabase-js#2468) and so saves « L%27%C3%89veil… » on hosted Storage.
    const url = disposition === 'attachment' ? `${signed.signedUrl}&download=${encodeURIComponent(fileName)}` : signed.signedUrl;
    const streaming = disposition === 'inline' && item.file_type === 'video'
      ? { hls: await videoStream(caller, path, seconds), subtitles: await subtitleTracks(caller, path, seconds) }
      : {};
    return jsonResponse({ url, file_name: fileName, file_type: item.file_type, expires_at: expiresAt.toISOString(), ...streaming });
  } catch (error) {
    return errorResponse(error);
  }
}));
