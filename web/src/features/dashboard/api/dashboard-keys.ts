export const dashboardKeys = {
  orders: (userId: string) => ['dashboard', 'orders', userId] as const,
  orderCount: (userId: string) => ['dashboard', 'order-count', userId] as const,
  acquiredCount: (userId: string) => ['dashboard', 'acquired-count', userId] as const,
  library: (userId: string) => ['dashboard', 'library', userId] as const,
  profile: (userId: string) => ['dashboard', 'profile', userId] as const,
  viewerLink: (orderItemId: string) => ['dashboard', 'viewer-link', orderItemId] as const,
  readingPositions: (userId: string) => ['dashboard', 'reading-positions', userId] as const,
  lastOpened: (userId: string) => ['dashboard', 'last-opened', userId] as const,
  readingPosition: (orderItemId: string) => ['dashboard', 'reading-position', orderItemId] as const,
};

/**
 * Orders and what follows from them are read again on every visit: the success page records a
 * purchase without knowing about these queries, and the next look must include it.
 */
export const PURCHASES_STALE_TIME = 0;
