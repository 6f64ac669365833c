// The SPA's configuration, read once from Vite's env and checked (src/config/public-config.ts
// says how; .env.example lists every variable). A fresh clone runs with no .env.
import { publicConfig } from './public-config';

export const env = publicConfig(import.meta.env);

export type Env = typeof env;
