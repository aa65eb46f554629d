import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';

// Blank or whitespace-only text is never sent (spec §5); the field stops at the database's 4000 characters.
const messageSchema = z.object({ content: z.string().check(z.trim(), z.minLength(1)) });

type MessageValues = z.infer<typeof messageSchema>;

interface MessageComposerProps {
  /** Resolves true once sent (the field then empties); false keeps the text for another try. */
  onSend: (content: string) => Promise<boolean>;
  /** The thread or its recipient is still loading. */
  loading: boolean;
}

export function MessageComposer({ onSend, loading }: MessageComposerProps) {
  const inputId = useId();
  const form = useForm<MessageValues>({ resolver: zodResolver(messageSchema), defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await onSend(values.content)) form.reset({ content: '' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-center gap-3 border-t border-plum-100 bg-white p-4">
      <label htmlFor={inputId} className="sr-only">
        Votre message
      </label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        maxLength={4000}
        placeholder="Écrivez votre message…"
        className="min-w-0 flex-1 rounded-full border border-plum-200 bg-white px-5 py-3 text-ink placeholder:text-mist/70 focus-visible:border-plum-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500"
        {...form.register('content')}
      />
      <Button type="submit" disabled={loading || isSubmitting || content.trim() === ''} aria-busy={isSubmitting}>
        <SendHorizontal aria-hidden="true" className="h-4 w-4" />
        Envoyer
      </Button>
    </form>
  );
}
