// The part of Go's html/template that GoTrue's mail templates use: field chains such as
// `{{ .ConfirmationURL }}` or `{{ .Data.full_name }}`, HTML-escaped, a missing key rendering as
// nothing, and `{{/* comments */}}`. Any other action (if, range, pipelines) is refused when the
// template is read, so a template the local stack cannot render stops the start instead of
// sending a half-rendered mail.
import { escapeHtml } from '../../lib/html.ts';

type Part = { text: string } | { field: string[] };

export interface GoTemplate {
  parts: Part[];
}

/** Parses `source`; `name` says which file is wrong when an action is not supported. */
export function parseGoTemplate(source: string, name: string): GoTemplate {
  const parts: Part[] = [];
  const action = /\{\{(-?)\s*(.*?)\s*(-?)\}\}/gs;
  let last = 0;
  let trimNext = false;
  for (const match of source.matchAll(action)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.trimStart();
    if (match[1] === '-') text = text.trimEnd();
    if (text) parts.push({ text });
    trimNext = match[3] === '-';
    last = match.index + match[0].length;
    const body = match[2]!;
    if (/^\/\*.*\*\/$/s.test(body)) continue;
    if (!/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(body)) throw new Error(`${name}: the local mailer renders only fields such as {{ .Email }}, not {{ ${body} }}`);
    parts.push({ field: body.slice(1).split('.') });
  }
  const rest = trimNext ? source.slice(last).trimStart() : source.slice(last);
  if (rest) parts.push({ text: rest });
  return { parts };
}

function lookUp(data: unknown, field: string[]): unknown {
  let value = data;
  for (const key of field) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The template with `data`'s values in place, each HTML-escaped as html/template does. */
export function renderGoTemplate(template: GoTemplate, data: Record<string, unknown>): string {
  return template.parts.map((part) => ('text' in part ? part.text : escapeHtml(asText(lookUp(data, part.field))))).join('');
}
