// What a template is: a React component of typed props that also knows its subject. The props
// carry everything the email says (the site's address included), so a template reads no
// environment and renders the same under Deno, in vitest and anywhere else.
// @ts-types="npm:@types/react@19.3.0"
import type { ReactElement } from 'npm:react@19.3.1';

/** Every template's props include the site's address, which the layout links to. */
export type Framed = { site: string };

export type Template<P extends Framed> = ((props: P) => ReactElement) & {
  subject: (props: P) => string;
};

/** A component and its subject as one template. */
export function template<P extends Framed>(
  component: (props: P) => ReactElement,
  subject: (props: P) => string,
): Template<P> {
  return Object.assign(component, { subject });
}
