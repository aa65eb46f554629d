// 'Télécharger': a fresh attachment link for the item, followed by the browser, which saves the
// file (Storage answers with Content-Disposition: attachment) and stays on the library.
import { useMutation } from '@tanstack/react-query';
import { issueDownload } from '@/features/dashboard/api/issue-download';
import { deliveryMessage, type DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import type { DeliveryLink } from '@/features/dashboard/lib/delivery-link';
import { toast } from '@/lib/toast-store';

function saveFile(link: DeliveryLink): void {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function useDownload() {
  return useMutation<DeliveryLink, DeliveryError, string>({
    mutationFn: (orderItemId) => issueDownload(orderItemId, 'attachment'),
    onSuccess: saveFile,
    onError: (error) => {
      console.error('Downloading a library item failed:', error);
      toast({ variant: 'destructive', ...deliveryMessage(error) });
    },
  });
}
