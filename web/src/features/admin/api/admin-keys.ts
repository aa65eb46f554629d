export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  catalogue: ['admin', 'catalogue'] as const,
  variantFiles: ['admin', 'variant-files'] as const,
  paymentIssues: ['admin', 'payment-issues'] as const,
};
