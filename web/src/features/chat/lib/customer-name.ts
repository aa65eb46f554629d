/** How the administrator sees a customer: their name, else their e-mail, else a neutral word. */
export function customerName({ full_name, email }: { full_name?: string | null; email?: string | null }): string {
  return full_name?.trim() || email?.trim() || 'Client';
}
