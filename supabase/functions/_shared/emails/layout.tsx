/** @jsxImportSource npm:react@19.3.1 */
/** @jsxImportSourceTypes npm:@types/react@19.3.0 */
// The frame every email shares, written once: a header with the edition's name (the
// organisation's for an email no edition is part of), the body, and a footer signed by the
// edition's team with the site's address. Also the few blocks the emails are built of: a
// paragraph, lines of label and value, and a link to act on. React escapes every string it is
// given, so a visitor's text is text in every mail client and nothing here escapes by hand.
// @ts-types="npm:@types/react@19.3.0"
import { Fragment, type ReactNode } from 'npm:react@19.3.1';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from 'npm:@react-email/components@1.0.12';
import type { EditionFacts } from './types.ts';

/** The organisation's name, for an email no edition is part of, and the footer's last line. */
export const ORGANISATION = 'Europe Rally';

// Inline styles: mail clients drop <style> blocks and external sheets.
const page = { backgroundColor: '#f1f5f9', fontFamily: 'Arial, Helvetica, sans-serif' };
const card = {
  backgroundColor: '#ffffff',
  margin: '24px auto',
  padding: '24px',
  maxWidth: '560px',
};
const heading = { fontSize: '22px', margin: '0 0 16px', color: '#0f172a' };
const body = { fontSize: '15px', lineHeight: '24px', color: '#0f172a', margin: '0 0 16px' };
const action = {
  backgroundColor: '#1d4ed8',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontWeight: 'bold',
};
const footer = { fontSize: '13px', lineHeight: '20px', color: '#475569', margin: '0' };

export function Layout(props: {
  /** The edition the email is about; absent for the organisation's own (administrator) email. */
  edition?: EditionFacts;
  /** The site's address, linked from the footer (SITE_URL). */
  site: string;
  /** The inbox's one-line preview; it is not part of the text. */
  preview: string;
  children: ReactNode;
}) {
  const name = props.edition?.name ?? ORGANISATION;
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={heading}>
            {name}
          </Heading>
          {props.children}
          <Hr />
          <Text style={footer}>
            {`The ${name} team`}
            <br />
            <Link href={props.site}>{props.site}</Link>
          </Text>
          {props.edition && <Text style={footer}>{ORGANISATION}</Text>}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={body}>{children}</Text>;
}

/** Lines of label and value ('Amount: <amount>'); a line without a value is left out. */
export function Facts({ lines }: { lines: [string, string][] }) {
  const shown = lines.filter(([, value]) => value.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <Text style={body}>
      {shown.map(([label, value], index) => (
        <Fragment key={label}>
          {index > 0 && <br />}
          <strong>{`${label}:`}</strong>
          {` ${value}`}
        </Fragment>
      ))}
    </Text>
  );
}

/** A link to act on, drawn as a button; the text part reads its words and then the address. */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Button href={href} style={action}>
        {children}
      </Button>
    </Section>
  );
}
