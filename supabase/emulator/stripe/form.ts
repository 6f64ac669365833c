// Stripe's request bodies and query strings: form-encoded, with nesting in brackets as the stripe
// package writes them (`metadata[kind]=balance`, `line_items[0][price_data][currency]=gbp`,
// `expand[]=payment_intent` or `expand[0]=payment_intent`). They are read into plain objects and
// then checked field by field, as Stripe's own parameter errors name the offending param.
import { StripeError } from './errors';

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** The path of a bracketed name: `a[b][0]` → ['a', 'b', '0']; `expand[]` → ['expand', '']. */
function keyPath(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? '', ...rest];
}

/** The whole form as nested objects; an empty bracket appends to the list it names. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = keyPath(name);
    if (!path) throw new StripeError(400, { message: `Invalid parameter name: ${name}` });
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      let key = path[i] ?? '';
      if (key === '') key = String(Object.keys(node).length);
      const existing = node[key];
      if (last) {
        if (typeof existing === 'object')
          throw new StripeError(400, {
            message: `Invalid value for ${path.slice(0, i + 1).join('.')}: expected an object`,
            param: name,
          });
        node[key] = value;
      } else if (typeof existing === 'object') {
        node = existing;
      } else if (existing === undefined) {
        const child: FormObject = {};
        node[key] = child;
        node = child;
      } else {
        throw new StripeError(400, {
          message: `Invalid object: ${path.slice(0, i + 1).join('.')} is a string`,
          param: name,
        });
      }
    }
  }
  return root;
}

/** A list sent as `name[0]`, `name[1]` ... (or `name[]`), in index order. */
export function formList(value: FormValue | undefined, param: string): FormValue[] {
  if (value === undefined) return [];
  if (typeof value === 'string') {
    if (value === '') return [];
    throw new StripeError(400, { message: `Invalid array`, param, code: 'parameter_invalid' });
  }
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key)))
    throw new StripeError(400, { message: `Invalid array`, param, code: 'parameter_invalid' });
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key] as FormValue);
}

/** A hash of strings (metadata): `name[key]=value`; an empty string sent alone clears it. */
export function formHash(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string')
    throw new StripeError(400, { message: `Invalid hash`, param, code: 'parameter_invalid' });
  const hash: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string')
      throw new StripeError(400, {
        message: `Invalid value for ${param}[${key}]: must be a string`,
        param: `${param}[${key}]`,
      });
    hash[key] = entry;
  }
  return hash;
}

/** An object parameter (`payment_intent_data[...]`); a string in its place is refused. */
export function formObject(value: FormValue | undefined, param: string): FormObject {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string')
    throw new StripeError(400, { message: `Invalid object`, param, code: 'parameter_invalid' });
  return value;
}

/** A string parameter, or undefined when absent; an object in its place is refused. */
export function formString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new StripeError(400, { message: `Invalid string: ${param}`, param });
  return value;
}

/** A whole number parameter (amounts in the minor unit, quantities, timestamps). */
export function formInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = formString(value, param);
  if (text === undefined) return undefined;
  const number = /^-?\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(number))
    throw new StripeError(400, {
      message: `Invalid integer: ${text}`,
      param,
      code: 'parameter_invalid_integer',
    });
  return number;
}

/** Stripe refuses a parameter it does not know, naming it: a typo never passes silently. */
export function refuseUnknown(form: FormObject, known: readonly string[], prefix = ''): void {
  for (const key of Object.keys(form)) {
    if (!known.includes(key)) {
      const param = prefix ? `${prefix}[${key}]` : key;
      throw new StripeError(400, {
        message: `Received unknown parameter: ${param}`,
        param,
        code: 'parameter_unknown',
      });
    }
  }
}

/** `expand[]` of a retrieve, as a list of field names. */
export function expansions(form: FormObject): string[] {
  return formList(form.expand, 'expand').map((entry) => {
    if (typeof entry !== 'string')
      throw new StripeError(400, { message: 'Invalid expand', param: 'expand' });
    return entry;
  });
}

/** A parameter Stripe requires: its error names it when it is absent or empty. */
export function required<T>(value: T | undefined, param: string): T {
  if (value === undefined || value === '')
    throw new StripeError(400, {
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
    });
  return value;
}

/** An http(s) URL parameter (success_url, cancel_url, an endpoint's url). */
export function checkUrl(value: string, param: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new StripeError(400, { code: 'url_invalid', message: 'Not a valid URL', param });
  return value;
}

/** Metadata as Stripe limits it: 50 keys, keys up to 40 characters, values up to 500. */
export function formMetadata(form: FormObject, name: string, param = name): Record<string, string> {
  const hash = formHash(form[name], param);
  const entries = Object.entries(hash).filter(([, value]) => value !== '');
  if (entries.length > 50)
    throw new StripeError(400, { message: 'Metadata can have up to 50 keys.', param });
  for (const [key, value] of entries) {
    if (key.length > 40 || value.length > 500)
      throw new StripeError(400, {
        message: 'Metadata keys can be up to 40 characters long and values up to 500 characters.',
        param: `${param}[${key}]`,
      });
  }
  return Object.fromEntries(entries);
}

/** A boolean parameter (`submit=true`), or undefined when absent. */
export function formBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  const text = formString(value, param);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false')
    throw new StripeError(400, { message: `Invalid boolean: ${text}`, param });
  return text === 'true';
}

/** A list of strings (`allowed_payment_method_types[0]=card`). */
export function formStrings(value: FormValue | undefined, param: string): string[] {
  return formList(value, param).map((entry, index) => {
    const text = formString(entry, `${param}[${index}]`);
    return text ?? '';
  });
}
