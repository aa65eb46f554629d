import type { ReactNode } from 'react';
import { useResendConfirmation } from '@/features/auth/api/confirmation-mail';
import { mailRequestErrorMessage } from '@/features/auth/lib/mail-request-error';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';

/** The mailbox reminder of an unconfirmed address, with 'Renvoyer l'e-mail'. */
export function ResendConfirmation({ email, children }: { email: string; children: ReactNode }) {
  const resend = useResendConfirmation();

  const onResend = async () => {
    try {
      await resend.mutateAsync(email);
      toast({
        title: 'Email renvoyé',
        description: `Un nouveau lien de confirmation vient d'être envoyé à ${email}.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: "L'email n'a pas pu être renvoyé",
        description: mailRequestErrorMessage(error as { code?: string; message?: string }),
      });
    }
  };

  return (
    <div role="status" className="space-y-4 rounded-2xl bg-plum-50 p-4 text-center text-plum-900">
      {children}
      <Button type="button" variant="outline" className="w-full" onClick={onResend} disabled={resend.isPending} aria-busy={resend.isPending}>
        Renvoyer l'e-mail
      </Button>
    </div>
  );
}
