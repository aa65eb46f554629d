// `issue-download`: a short-lived signed link to one of the buyer's order items ('attachment'
// downloads under the French file name, 'inline' is read in the viewer). Each link is logged and
// counted against the day's limit, so the app asks only when a person does.
import { useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import { deliveryLinkOf, type DeliveryLink } from '@/features/dashboard/lib/delivery-link';
import { toDeliveryError, type DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import { supabase } from '@/lib/supabase';

export type Disposition = 'attachment' | 'inline';

/** Rejects with a DeliveryError. */
export async function issueDownload(orderItemId: string, disposition: Disposition): Promise<DeliveryLink> {
  const { data, error } = await supabase.functions.invoke<unknown>('issue-download', { body: { order_item_id: orderItemId, disposition } });
  if (error) throw await toDeliveryError(error);
  return deliveryLinkOf(data, Date.now());
}

/**
 * The viewer's first link: asked once per visit of the viewer (never again on focus or by a
 * retry, each ask counting), forgotten when the viewer closes; the viewer renews it itself.
 */
export function useViewerLink(orderItemId: string) {
  return useQuery<DeliveryLink, DeliveryError>({
    queryKey: dashboardKeys.viewerLink(orderItemId),
    queryFn: () => issueDownload(orderItemId, 'inline'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
