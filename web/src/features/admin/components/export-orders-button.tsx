import { Download } from 'lucide-react';
import { useState } from 'react';
import { getOrdersForExport } from '@/features/admin/api/export-orders';
import type { AnalyticsPeriod } from '@/features/admin/api/get-analytics';
import { ordersCsv, ordersCsvFileName } from '@/features/admin/lib/orders-csv';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast-store';

/** The period's orders as a CSV file for the accountant, read page by page from the database. */
export function ExportOrdersButton({ days }: { days: AnalyticsPeriod }) {
  const [exporting, setExporting] = useState(false);
  const exportOrders = async () => {
    setExporting(true);
    try {
      saveFile(ordersCsvFileName(days), new Blob([ordersCsv(await getOrdersForExport(days))], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      console.error('Exporting the orders failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: "L'export des commandes a échoué. Veuillez réessayer." });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void exportOrders()} disabled={exporting}>
      <Download aria-hidden="true" className="h-4 w-4" />
      {exporting ? 'Export en cours…' : 'Exporter les commandes (CSV)'}
    </Button>
  );
}
