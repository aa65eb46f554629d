// « Télécharger mes données »: one button, the JSON file the database makes of the customer's data.
import { Download } from 'lucide-react';
import { useExportMyData } from '@/features/dashboard/api/export-my-data';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';

export function PersonalDataExport() {
  const exportData = useExportMyData();
  const onExport = () =>
    exportData.mutate(undefined, {
      onSuccess: () => toast({ title: 'Vos données ont été téléchargées.' }),
      onError: (error) => {
        console.error('Exporting the personal data failed:', error);
        toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de télécharger vos données. Veuillez réessayer.' });
      },
    });
  return (
    <div className="space-y-3">
      <p className="text-mist">
        Recevez une copie de toutes les données que nous conservons à votre sujet (profil, commandes, messages, téléchargements), dans un
        fichier JSON.
      </p>
      <Button variant="outline" onClick={onExport} disabled={exportData.isPending} aria-busy={exportData.isPending}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Télécharger mes données
      </Button>
    </div>
  );
}
