// The demo accounts supabase/seed.sql makes, as `npm start` prints them and the scripts and tests
// that sign in as them use them: one place for their addresses and passwords.

export interface DemoAccount {
  email: string;
  password: string;
  fullName: string;
}

export const demoAdmin: DemoAccount = { email: 'admin@lumiere-sacree.test', password: 'admin-demo-2026', fullName: 'Maître Élian' };
/** The customer the first start makes the demo purchase for (demo-purchase.ts). */
export const demoCustomer: DemoAccount = { email: 'client@lumiere-sacree.test', password: 'client-demo-2026', fullName: 'Claire Martin' };
