// The admin's full supabase-js client (auth, storage, REST). Only code under src/admin imports
// it, so supabase-js's auth and storage code stays out of the public bundle.
import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env';
import type { Database } from '../data/types';

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    // Admins sign in with a password only; no magic-link or OAuth redirects to parse.
    detectSessionInUrl: false,
  },
});

export type AdminClient = typeof supabase;
