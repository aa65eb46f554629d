// The products page's edit forms on the shop's own catalogue (a product's texts, a variant's prices,
// its name, an option…): each behind its summary, kept in step with the list, its failure said in
// the form, which keeps everything typed.
import { useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { writeFailedMessage } from '@/features/admin/components/shop-product-fields';
import { toast } from '@/lib/toast-store';

/** A form behind its summary; once saved it closes, and focus returns to the summary. */
export function EditDisclosure({ summary, children }: { summary: string; children: (saved: () => void) => ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const saved = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={details} className="rounded-2xl border border-plum-100 p-4">
      <summary className="cursor-pointer text-sm font-medium text-plum-700">{summary}</summary>
      <div className="mt-4">{children(saved)}</div>
    </details>
  );
}

/**
 * An edit form kept in step with the list (what is typed stays while it is read again), saved
 * through `save`; a failure is said in the form, which keeps everything typed.
 */
export function useEditForm<T extends FieldValues>(resolver: Resolver<T>, saved: T, save: (values: T) => Promise<unknown>, done: string, onSaved: () => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<T>({ resolver, values: saved, resetOptions: { keepDirtyValues: true } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      toast({ title: done });
      onSaved();
    } catch (error) {
      console.error('Saving the product failed:', error);
      setFailure(writeFailedMessage(error));
    }
  });
  return { form, failure, onSubmit };
}


/** A failed one-click write, said in a toast; `failed` is the console's English. */
export function sayWriteFailed(error: unknown, failed: string) {
  console.error(`${failed}:`, error);
  toast({ variant: 'destructive', title: 'Erreur', description: writeFailedMessage(error) });
}

/** A one-click write (publish, move, retire…): what it did, or why it failed, said in a toast. */
export async function runCatalogueWrite(write: () => Promise<unknown>, done: string, failed: string): Promise<void> {
  try {
    await write();
    toast({ title: done });
  } catch (error) {
    sayWriteFailed(error, failed);
  }
}
