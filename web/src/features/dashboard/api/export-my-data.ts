// « Télécharger mes données »: everything the shop holds about the signed-in customer, as the
// database's export_my_data() gives it (the caller's own rows only), saved as a JSON file.
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '@/lib/save-file';
import { supabase } from '@/lib/supabase';

/** « mes-donnees-lumiere-sacree-2026-11-27.json », dated in the customer's own time zone. */
export const personalDataFileName = (at: Date) =>
  `mes-donnees-lumiere-sacree-${at.toLocaleDateString('sv-SE')}.json`;

async function exportMyData(): Promise<void> {
  const { data, error } = await supabase.rpc('export_my_data');
  if (error) throw error;
  saveFile(personalDataFileName(new Date()), new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
