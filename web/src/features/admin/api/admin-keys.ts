export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  paymentIssues: ['admin', 'payment-issues'] as const,
};
