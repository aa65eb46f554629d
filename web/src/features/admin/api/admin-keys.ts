export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  analytics: ['admin', 'analytics'] as const,
  sellerSettings: ['admin', 'seller-settings'] as const,
  legalDrafts: ['admin', 'legal-drafts'] as const,
  legalVersions: ['admin', 'legal-versions'] as const,
  catalogue: ['admin', 'catalogue'] as const,
  variantFiles: ['admin', 'variant-files'] as const,
  users: ['admin', 'users'] as const,
  userOrders: (userId: string) => ['admin', 'users', userId, 'orders'] as const,
  roleHistory: (userId: string) => ['admin', 'users', userId, 'role-history'] as const,
  paymentIssues: ['admin', 'payment-issues'] as const,
};
