// The Edge Functions' `npm:` imports as tsc sees them: each pinned specifier is the package of the
// same version in node_modules (package.json pins it). Deno fetches the specifiers themselves;
// vitest maps them with an alias (vite.config.ts). Only the modules tsc checks are listed here:
// the email templates (supabase/functions/_shared/emails).
declare module 'npm:react@19.3.1' {
  import * as React from 'react';
  export = React;
}
declare module 'npm:react@19.3.1/jsx-runtime' {
  export * from 'react/jsx-runtime';
}
declare module 'npm:@react-email/components@1.0.12' {
  export * from '@react-email/components';
}
