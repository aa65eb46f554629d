// A labelled input with its validation message wired for assistive technology.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

const controlClass =
  'w-full rounded-xl border border-plum-200 bg-white px-4 py-3 text-ink placeholder:text-mist/70 focus-visible:border-plum-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500 aria-[invalid=true]:border-red-600';

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  children: (ids: { id: string; errorId: string }) => ReactNode;
}

function FieldFrame({ label, error, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-plum-900">
        {label}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

export function InputField({ label, error, className, ...props }: InputFieldProps) {
  return (
    <FieldFrame label={label} error={error}>
      {({ id, errorId }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(controlClass, className)}
          {...props}
        />
      )}
    </FieldFrame>
  );
}

type TextareaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined };

export function TextareaField({ label, error, className, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error}>
      {({ id, errorId }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(controlClass, 'min-h-36', className)}
          {...props}
        />
      )}
    </FieldFrame>
  );
}
