// « Supprimer mon compte »: the delete-account function checks the password and erases the
// account on the server; the browser then forgets the session it kept (the server has already
// ended every session of the account).
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

async function deleteAccount(password: string): Promise<void> {
  const { error } = await supabase.functions.invoke('delete-account', { body: { password } });
  if (error) throw error;
  await supabase.auth.signOut({ scope: 'local' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
