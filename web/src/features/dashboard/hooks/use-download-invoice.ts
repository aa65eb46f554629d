// 'Facture' and 'Avoir': the order's invoice, or one of its credit notes, from the invoice-pdf
// function (the buyer's own order, or any for an administrator), saved by the browser under the
// function's file name, « Facture FA-….pdf », « Avoir AV-….pdf ».
import { useMutation } from '@tanstack/react-query';
import { invoiceMessage } from '@/features/dashboard/lib/invoice-errors';
import { saveFile } from '@/lib/save-file';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast-store';

/** An order's invoice, or a credit note of it. */
export type InvoiceRequest = { orderId: string; invoiceNumber: string } | { creditNoteId: string; creditNoteNumber: string };

async function downloadInvoice(request: InvoiceRequest): Promise<void> {
  const [body, fileName] =
    'orderId' in request ? [{ order_id: request.orderId }, `Facture ${request.invoiceNumber}.pdf`] : [{ credit_note_id: request.creditNoteId }, `Avoir ${request.creditNoteNumber}.pdf`];
  const { data, error } = await supabase.functions.invoke<Blob>('invoice-pdf', { body });
  if (error) throw error;
  if (!(data instanceof Blob)) throw new Error('invoice-pdf answered without a PDF');
  saveFile(fileName, data);
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
