// The cart panel's two required boxes before 'Finaliser la Commande' (Code de la consommation
// L221-28 13°): acceptance of the CGV in force, with a link to that version, and the request for
// immediate access with the acknowledged loss of the withdrawal right. The sentences are the
// database's (checkout_terms), which create-checkout stores with the checkout. An unticked box
// shows its error beside it, tied to it for assistive technology (aria-invalid, aria-describedby).
import { Link } from 'wouter';
import type { CheckoutTerms } from '@/features/checkout/api/get-checkout-terms';
import { legalDocuments, legalVersionPath } from '@/features/legal/legal-documents';

export interface ConsentState {
  acceptsCgv: boolean;
  requestsImmediateAccess: boolean;
}

export const consentErrors = {
  acceptsCgv: 'Veuillez accepter les conditions générales de vente.',
  requestsImmediateAccess: "Veuillez demander l'accès immédiat et reconnaître la perte du droit de rétractation.",
} as const;

interface CheckoutConsentFieldsProps {
  terms: CheckoutTerms & { cgv_version: number };
  value: ConsentState;
  onChange: (value: ConsentState) => void;
  /** Show the errors of unticked boxes (after a first attempt). */
  showErrors: boolean;
}

function ConsentBox({ id, label, checked, error, onChange, children }: {
  id: keyof ConsentState;
  label: string;
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
  children?: React.ReactNode;
}) {
  const inputId = `checkout-consent-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          required
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 h-4 w-4 shrink-0 accent-plum-700"
        />
        <label htmlFor={inputId} className="text-sm leading-snug text-ink">
          {label}
        </label>
      </div>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="pl-7 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckoutConsentFields({ terms, value, onChange, showErrors }: CheckoutConsentFieldsProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Conditions de la commande</legend>
      <ConsentBox
        id="acceptsCgv"
        label={terms.cgv_label}
        checked={value.acceptsCgv}
        error={showErrors && !value.acceptsCgv ? consentErrors.acceptsCgv : null}
        onChange={(acceptsCgv) => onChange({ ...value, acceptsCgv })}
      >
        <p className="pl-7 text-xs text-mist">
          <Link to={legalVersionPath('cgv', terms.cgv_version)} className="underline underline-offset-2 hover:text-plum-700">
            Lire les conditions générales de vente (version {terms.cgv_version})
          </Link>
          {' · '}
          <Link to={legalDocuments.confidentialite.path} className="underline underline-offset-2 hover:text-plum-700">
            {legalDocuments.confidentialite.title}
          </Link>
        </p>
      </ConsentBox>
      <ConsentBox
        id="requestsImmediateAccess"
        label={terms.immediate_access_label}
        checked={value.requestsImmediateAccess}
        error={showErrors && !value.requestsImmediateAccess ? consentErrors.requestsImmediateAccess : null}
        onChange={(requestsImmediateAccess) => onChange({ ...value, requestsImmediateAccess })}
      />
    </fieldset>
  );
}
