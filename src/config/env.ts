// The SPA's configuration, read once from Vite's env and checked (src/config/public-config.ts
// says how; .env.example lists every variable). A fresh clone runs with no .env.
import { publicConfig } from './public-config';

// Node without Vite (the benches, run by tsx, import src/data) has no import.meta.env: the local
// defaults then, and those callers pass their own client to the data functions anyway.
export const env = publicConfig(import.meta.env ?? {});

export type Env = typeof env;
