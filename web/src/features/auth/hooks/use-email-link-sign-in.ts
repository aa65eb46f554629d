import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { profileRoleQueryOptions } from "@/features/auth/api/get-profile-role";
import { supabase } from "@/lib/supabase";
import { toast } from "@/lib/toast-store";

/**
 * The login page as the landing of a mail's link (a confirmation or a sign-in link): supabase-js
 * reads the session from the URL as it starts; once it has, `onSignedIn` takes the customer on.
 * A spent or expired link comes back with an error instead, said in French.
 */
export function useEmailLinkSignIn(onSignedIn: (isAdmin: boolean) => void) {
  const queryClient = useQueryClient();
  // Read as the page first renders: supabase-js clears the fragment once it has read it.
  const [fromLink] = useState(() =>
    /(^#|&)(access_token|error_code)=/.test(window.location.hash),
  );
  useEffect(() => {
    if (!fromLink) return;
    let active = true;
    void (async () => {
      const { error } = await supabase.auth.initialize();
      if (!active) return;
      if (error) {
        toast({
          variant: "destructive",
          title: "Lien invalide",
          description:
            "Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.",
        });
        return;
      }
      const { data } = await supabase.auth.getSession();
      if (!active || !data.session) return;
      const role = await queryClient.fetchQuery(
        profileRoleQueryOptions(data.session.user.id),
      );
      if (!active) return;
      toast({
        title: "Connexion réussie ! 🎉",
        description: "Heureux de vous retrouver sur votre chemin de lumière.",
      });
      onSignedIn(role === "admin");
    })();
    return () => {
      active = false;
    };
    // Once, as the page opens: the link's session is there or not.
  }, [fromLink]);
}
