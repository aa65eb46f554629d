// /admin/settings ('Paramètres'): the seller's identity that every invoice prints. The mentions
// marked * are required by law; while one is missing the invoice function refuses to issue
// invoices and says which. The form may be saved incomplete.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSaveSellerSettings, useSellerSettings } from '@/features/admin/api/seller-settings';
import { SettingsTabs } from '@/features/admin/components/settings-tabs';
import {
  sellerSettingsSchema,
  toSellerSettingsUpdate,
  toSellerSettingsValues,
  type SellerSettingsValues,
} from '@/features/admin/schemas/seller-settings-schema';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

export default function SettingsPage() {
  useDocumentMeta({ title: 'Paramètres' });
  const settings = useSellerSettings();

  useEffect(() => {
    if (settings.isError) {
      console.error('Loading the seller settings failed:', settings.error);
      toast({ variant: 'destructive', title: 'Erreur de chargement', description: 'Impossible de charger les paramètres.' });
    }
  }, [settings.isError, settings.error]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Paramètres</h1>
        <p className="mt-2 text-mist">L’identité du vendeur, telle que chaque facture et chaque document légal doit la mentionner.</p>
      </header>
      <SettingsTabs />
      {settings.isPending ? <Spinner label="Chargement…" /> : settings.isError ? null : <SellerSettingsForm saved={toSellerSettingsValues(settings.data)} />}
    </div>
  );
}

function SellerSettingsForm({ saved }: { saved: SellerSettingsValues }) {
  const save = useSaveSellerSettings();
  const form = useForm<SellerSettingsValues>({ resolver: zodResolver(sellerSettingsSchema), values: saved, resetOptions: { keepDirtyValues: true } });
  const { errors, isSubmitting } = form.formState;
  const vat = form.watch('vatRegime') === 'vat';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toSellerSettingsUpdate(values));
      toast({ title: 'Paramètres enregistrés.', description: 'Les factures porteront ces mentions.' });
    } catch (error) {
      console.error('Saving the seller settings failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible d’enregistrer les paramètres.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <p className="rounded-xl bg-sand/60 px-4 py-3 text-sm text-plum-900">
        Les mentions marquées * sont obligatoires : tant qu’il en manque une, aucune facture ne peut être émise.
      </p>
      <InputField label="Raison sociale *" maxLength={200} error={errors.legalName?.message} {...form.register('legalName')} />
      <InputField label="Forme juridique" placeholder="Association loi 1901, SAS au capital de 10 000 €…" maxLength={200} {...form.register('legalForm')} />
      <TextareaField label="Adresse *" rows={3} maxLength={500} className="min-h-24" {...form.register('address')} />
      <InputField label="SIRET ou SIREN *" inputMode="numeric" error={errors.siret?.message} {...form.register('siret')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-plum-900">Régime de TVA *</legend>
        <label className="flex items-center gap-3 text-ink">
          <input type="radio" value="franchise" {...form.register('vatRegime')} />
          Franchise en base : « TVA non applicable, art. 293 B du CGI »
        </label>
        <label className="flex items-center gap-3 text-ink">
          <input type="radio" value="vat" {...form.register('vatRegime')} />
          Assujetti à la TVA (prix TTC)
        </label>
      </fieldset>
      {vat ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField label="N° de TVA intracommunautaire *" error={errors.vatNumber?.message} {...form.register('vatNumber')} />
          <InputField label="Taux de TVA (%) *" inputMode="decimal" placeholder="20" error={errors.vatRate?.message} {...form.register('vatRate')} />
        </div>
      ) : null}
      <InputField label="E-mail de contact *" type="email" autoComplete="email" error={errors.contactEmail?.message} {...form.register('contactEmail')} />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Enregistrer
      </Button>
    </form>
  );
}
