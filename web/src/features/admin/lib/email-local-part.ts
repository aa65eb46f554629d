/** What comes before the @ of an e-mail address, for the admin's welcome ("admin" for admin@…). */
export function emailLocalPart(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
