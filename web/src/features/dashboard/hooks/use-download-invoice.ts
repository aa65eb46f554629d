// 'Facture': the order's invoice from the invoice-pdf function (the buyer's own order, or any for
// an administrator), saved by the browser under the function's file name, « Facture FA-….pdf ».
import { useMutation } from '@tanstack/react-query';
import { invoiceMessage } from '@/features/dashboard/lib/invoice-errors';
import { saveFile } from '@/lib/save-file';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast-store';

async function downloadInvoice({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }): Promise<void> {
  const { data, error } = await supabase.functions.invoke<Blob>('invoice-pdf', { body: { order_id: orderId } });
  if (error) throw error;
  if (!(data instanceof Blob)) throw new Error('invoice-pdf answered without a PDF');
  saveFile(`Facture ${invoiceNumber}.pdf`, data);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    onError: async (error) => {
      console.error('Downloading an invoice failed:', error);
      toast({ variant: 'destructive', ...(await invoiceMessage(error)) });
    },
  });
}
