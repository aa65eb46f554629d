export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  analytics: ['admin', 'analytics'] as const,
};
