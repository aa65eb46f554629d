import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';
import { registerSupabase } from '@/lib/supabase-loader';

export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_PUBLISHABLE_KEY);

// Start-up code loads the client lazily; this tells it the client now exists.
registerSupabase(supabase);
