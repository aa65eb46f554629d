export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  sellerSettings: ['admin', 'seller-settings'] as const,
};
