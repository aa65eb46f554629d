import { Minus, Plus } from 'lucide-react';

/** Minimum 1, no maximum (spec §5). */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <div role="group" aria-label="Quantité" className="inline-flex items-center rounded-full border border-plum-200 bg-white">
      <button
        type="button"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label="Diminuer la quantité"
        className="rounded-full p-3 text-plum-800 hover:bg-plum-50 disabled:opacity-40"
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <output aria-live="polite" aria-label="Quantité choisie" className="min-w-10 text-center font-semibold">
        {value}
      </output>
      <button type="button" onClick={() => onChange(value + 1)} aria-label="Augmenter la quantité" className="rounded-full p-3 text-plum-800 hover:bg-plum-50">
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
