import type { Variant } from '@/lib/commerce-types';
import { clsx } from 'clsx';

interface VariantPickerProps {
  label: string;
  variants: Variant[];
  selectedId: string;
  onSelect: (variant: Variant) => void;
}

export function VariantPicker({ label, variants, selectedId, onSelect }: VariantPickerProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold uppercase tracking-wide text-plum-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => (
          <label key={variant.id} className="cursor-pointer">
            <input
              type="radio"
              name="variant"
              value={variant.id}
              checked={variant.id === selectedId}
              onChange={() => onSelect(variant)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                'inline-block rounded-full border px-4 py-2 text-sm transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500',
                variant.id === selectedId ? 'border-plum-700 bg-plum-700 text-ivory' : 'border-plum-200 bg-white text-plum-900 hover:border-plum-500',
              )}
            >
              {variant.title}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
