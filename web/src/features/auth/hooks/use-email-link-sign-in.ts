import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileRoleQueryOptions } from '@/features/auth/api/get-profile-role';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast-store';

// Read as this page's code loads: supabase-js clears the fragment once it has read the session,
// and the page may render again (and lose its state) when that session arrives.
const openedFromLink = /(^#|&)(access_token|error_code)=/.test(window.location.hash);
let outcome: Promise<{ isAdmin: boolean } | 'invalid' | null> | null = null;
let handled = false;

/** What the link gave: a signed-in customer (and whether an administrator), a spent link, or nothing. */
async function readLink(queryClient: QueryClient) {
  const { error } = await supabase.auth.initialize();
  if (error) return 'invalid' as const;
  const { data } = await supabase.auth.getSession();
  if (!data.session) return null;
  const role = await queryClient.fetchQuery(profileRoleQueryOptions(data.session.user.id));
  return { isAdmin: role === 'admin' };
}

/**
 * The login page as the landing of a mail's link (a confirmation or a sign-in link): supabase-js
 * reads the session from the URL as it starts; once it has, `onSignedIn` takes the customer on.
 * A spent or expired link comes back with an error instead, said in French. Once per page load.
 */
export function useEmailLinkSignIn(onSignedIn: (isAdmin: boolean) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!openedFromLink || handled) return;
    let active = true;
    outcome ??= readLink(queryClient);
    void outcome.then((result) => {
      if (!active || handled || !result) return;
      handled = true;
      if (result === 'invalid') {
        toast({ variant: 'destructive', title: 'Lien invalide', description: 'Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.' });
        return;
      }
      toast({ title: 'Connexion réussie ! 🎉', description: 'Heureux de vous retrouver sur votre chemin de lumière.' });
      onSignedIn(result.isAdmin);
    });
    return () => {
      active = false;
    };
    // Once the link is read; a later render has nothing new to act on.
  }, [queryClient, onSignedIn]);
}
