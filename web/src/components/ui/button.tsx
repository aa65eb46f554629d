import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes } from 'react';
import { clsx } from 'clsx';

const buttonStyles = cva(
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500',
  {
    variants: {
      variant: {
        primary: 'bg-plum-700 text-ivory hover:bg-plum-800 shadow-sm',
        gold: 'bg-gold-400 text-plum-900 hover:bg-gold-300 shadow-sm',
        outline: 'border border-plum-200 bg-white/60 text-plum-800 hover:bg-plum-50',
        // The outline on the home page's dark hero.
        outlineLight: 'border border-ivory/40 bg-transparent text-ivory hover:bg-ivory/10',
        ghost: 'text-plum-800 hover:bg-plum-50',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'text-plum-700 underline-offset-4 hover:underline rounded-none',
      },
      size: {
        sm: 'h-9 px-4 text-sm',
        md: 'h-11 px-6 text-sm',
        lg: 'h-12 px-8 text-base',
        icon: 'h-10 w-10',
        // A link within a sentence or a message: no height or padding of its own.
        inline: 'h-auto px-0 text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonStyleProps = VariantProps<typeof buttonStyles> & { className?: string };

/**
 * Button classes for links styled as buttons. A given className adds to the variant's (layout:
 * margins, width) and must not restyle it: colours and sizes are variants. Joined without
 * tailwind-merge, which the first page would otherwise download (lib/cn.ts).
 */
export function buttonVariants({ className, ...props }: ButtonStyleProps = {}): string {
  return clsx(buttonStyles(props), className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & VariantProps<typeof buttonStyles>;

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
