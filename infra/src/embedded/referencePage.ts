/**
 * The API reference as a page to read (GET /api/reference), made from the OpenAPI document alone:
 * its operations grouped by their tag (the area), each with what it needs, its parameters, its
 * body's fields and its answer's. Server-rendered: no script, nothing loaded from elsewhere; the
 * one inline <style> is what the app's Content-Security-Policy allows (`style-src 'unsafe-inline'`).
 */

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Content {
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  'x-allot-requires'?: { action: string; subject: string };
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Content> };
  responses?: Record<string, { description?: string; content?: Record<string, Content> }>;
}
interface Document {
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** Fields nested deeper than this are left to the OpenAPI document. */
const MAX_DEPTH = 4;

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text, its `backticked` parts as code. */
const prose = (text: string): string =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_m, code: string) => `<code>${code}</code>`);

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const operationAnchor = (method: string, path: string) => `op-${method}-${slug(path)}`;
const areaAnchor = (name: string) => `area-${slug(name)}`;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/components/schemas/X` in the document. */
function resolve(schema: JsonSchema, doc: Document): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name] ?? {};
}

/** The alternatives of a schema that are not `null` (zod's nullable is `anyOf: [X, null]`). */
function variants(schema: JsonSchema): JsonSchema[] {
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(union)) return [schema];
  return union.filter((s) => isObject(s) && s.type !== 'null');
}

/** A schema's type in words: `string (date)`, `array of integer`, `one of "a", "b"`. */
function typeOf(schema: JsonSchema, doc: Document): string {
  const s = resolve(schema, doc);
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop() ?? 'object';
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    return [...new Set(union.filter(isObject).map((u) => typeOf(u, doc)))].join(' or ');
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (Array.isArray(s.type)) return s.type.join(' or ');
  switch (s.type) {
    case 'array': {
      const items = isObject(s.items) ? resolve(s.items, doc) : {};
      const inner = typeOf(items, doc);
      return inner === 'object' ? 'array of objects' : `array of ${inner}`;
    }
    case 'object':
      if (!isObject(s.properties) && isObject(s.additionalProperties)) {
        return `map of ${typeOf(s.additionalProperties, doc)}`;
      }
      return 'object';
    case 'string':
      if (s.format === 'binary') return 'file';
      return typeof s.format === 'string' ? `string (${s.format})` : 'string';
    case undefined:
      return 'any value';
    default:
      return String(s.type);
  }
}

const between = (min: unknown, max: unknown, unit: string): string | null => {
  const lo = typeof min === 'number' ? min : null;
  const hi = typeof max === 'number' ? max : null;
  if (lo !== null && hi !== null)
    return lo === hi ? `exactly ${lo} ${unit}` : `${lo}–${hi} ${unit}`;
  if (lo !== null) return lo === 0 ? null : `at least ${lo} ${unit}`;
  if (hi !== null) return `at most ${hi} ${unit}`;
  return null;
};

/** Limits a schema states, in words (escaped, code where it is code). */
function limitsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const text = between(schema.minLength, schema.maxLength, 'characters');
  if (text) notes.push(escapeHtml(text));
  const items = between(schema.minItems, schema.maxItems, 'items');
  if (items) notes.push(escapeHtml(items));
  const bounds = [
    typeof schema.minimum === 'number' ? `≥ ${schema.minimum}` : null,
    typeof schema.exclusiveMinimum === 'number' ? `> ${schema.exclusiveMinimum}` : null,
    typeof schema.maximum === 'number' ? `≤ ${schema.maximum}` : null,
    typeof schema.exclusiveMaximum === 'number' ? `< ${schema.exclusiveMaximum}` : null,
  ].filter((b): b is string => b !== null && !/[≥≤] -?9007199254740991$/.test(b));
  if (bounds.length > 0) notes.push(escapeHtml(bounds.join(' and ')));
  if (typeof schema.pattern === 'string') {
    notes.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  }
  if (schema.default !== undefined) {
    notes.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  }
  return notes;
}

/** A sentence: capitalised, ending in a full stop. */
const sentence = (html: string): string => {
  const text = html.charAt(0).toUpperCase() + html.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

/** What a field's row says besides its type: its description, then its limits. */
function notesOf(schema: JsonSchema, doc: Document): string {
  const s = resolve(schema, doc);
  const words: string[] = [];
  const limits: string[] = [];
  if (typeof s.description === 'string') words.push(prose(s.description));
  for (const variant of variants(s)) {
    if (variant !== s && typeof variant.description === 'string') {
      words.push(prose(variant.description));
    }
    limits.push(...limitsOf(variant));
    if (variant.type === 'array' && isObject(variant.items)) {
      const each = limitsOf(resolve(variant.items, doc));
      if (each.length > 0) limits.push(`each ${each.join(', ')}`);
    }
  }
  return [...words, ...(limits.length > 0 ? [limits.join('; ')] : [])].map(sentence).join(' ');
}

interface Row {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** The object a schema holds fields in (itself, its non-null variant, an array's items). */
function fieldsHolder(schema: JsonSchema, doc: Document): { holder: JsonSchema; suffix: string } {
  const [only] = variants(resolve(schema, doc));
  const s = only ? resolve(only, doc) : {};
  if (s.type === 'array' && isObject(s.items))
    return { holder: resolve(s.items, doc), suffix: '[]' };
  return { holder: s, suffix: '' };
}

/** Every field of an object schema, nested ones as `parent.child` and `list[].child`. */
function rowsOf(schema: JsonSchema, doc: Document, prefix = '', depth = 0): Row[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).flatMap(([name, value]) => {
    const property = isObject(value) ? value : {};
    const row: Row = {
      name: `${prefix}${name}`,
      type: typeOf(property, doc),
      required: required.has(name),
      notes: notesOf(property, doc),
    };
    const { holder, suffix } = fieldsHolder(property, doc);
    const nested =
      depth < MAX_DEPTH && isObject(holder.properties)
        ? rowsOf(holder, doc, `${prefix}${name}${suffix}.`, depth + 1)
        : [];
    return [row, ...nested];
  });
}

function fieldTable(rows: readonly Row[], caption: string, withRequired: boolean): string {
  const head = withRequired
    ? '<th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description and limits</th>'
    : '<th scope="col">Field</th><th scope="col">Type</th><th scope="col">Description</th>';
  const body = rows
    .map((row) => {
      const depth = row.name.split('.').length - 1;
      const name = `<td class="field depth-${Math.min(depth, MAX_DEPTH)}"><code>${escapeHtml(row.name)}</code></td>`;
      const type = `<td>${escapeHtml(row.type)}</td>`;
      const notes = withRequired
        ? row.notes
        : [row.notes, row.required ? '' : 'May be absent.'].filter(Boolean).join(' ');
      return withRequired
        ? `<tr>${name}${type}<td>${row.required ? 'yes' : 'no'}</td><td>${notes}</td></tr>`
        : `<tr>${name}${type}<td>${notes}</td></tr>`;
    })
    .join('\n');
  return (
    `<table><caption>${escapeHtml(caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`
  );
}

function parametersSection(operation: Operation, doc: Document): string {
  const parameters = operation.parameters ?? [];
  if (parameters.length === 0) return '';
  const rows = parameters
    .map((p) => {
      const schema = p.schema ?? {};
      const notes = [
        p.description ? prose(p.description) : '',
        notesOf({ ...schema, description: undefined }, doc),
      ]
        .filter(Boolean)
        .join('; ');
      return (
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
        `<td>${escapeHtml(typeOf(schema, doc))}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td>${notes}</td></tr>`
      );
    })
    .join('\n');
  return (
    '<h4>Parameters</h4><table><caption>Path and query parameters</caption><thead><tr>' +
    '<th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th>' +
    '<th scope="col">Required</th><th scope="col">Description and limits</th></tr></thead>' +
    `<tbody>\n${rows}\n</tbody></table>`
  );
}

function bodySection(operation: Operation, doc: Document): string {
  const body = operation.requestBody;
  if (!body?.content) return '';
  return Object.entries(body.content)
    .map(([type, content]) => {
      const schema = resolve(content.schema ?? {}, doc);
      const rows = rowsOf(schema, doc);
      const optional = body.required ? '' : ' It may be left out.';
      const fields =
        rows.length > 0
          ? fieldTable(rows, 'Request body fields', true)
          : '<p>No fields: send <code>{}</code> or nothing.</p>';
      return (
        `<h4>Request body</h4><p class="meta"><code>${escapeHtml(type)}</code>.${optional}</p>` +
        fields
      );
    })
    .join('\n');
}

function answerSection(operation: Operation, doc: Document): string {
  const entries = Object.entries(operation.responses ?? {});
  const success = entries.filter(([status]) => /^[23]/.test(status));
  const errors = entries.filter(([status]) => /^[45]/.test(status)).map(([status]) => status);
  const parts = success.map(([status, response]) => {
    const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
    const head = `<h4>Answer</h4><p class="meta"><strong>${escapeHtml(status)}</strong>${
      type ? ` <code>${escapeHtml(type)}</code>` : ''
    }: ${prose(response.description ?? '')}</p>`;
    if (!content?.schema) return head;
    const schema = resolve(content.schema, doc);
    const { holder, suffix } = fieldsHolder(schema, doc);
    const rows = rowsOf(holder, doc, suffix ? '[].' : '');
    if (rows.length === 0) {
      return `${head}<p>${suffix ? 'A list of ' : ''}${escapeHtml(typeOf(schema, doc))}.</p>`;
    }
    const table = fieldTable(
      rows,
      suffix ? 'Answer: a list, each item with' : 'Answer fields',
      false,
    );
    // A long answer is folded: the operations stay easy to scan.
    return rows.length > 12
      ? `${head}<details><summary>${rows.length} answer fields</summary>${table}</details>`
      : head + table;
  });
  if (errors.length > 0) {
    parts.push(
      `<p class="meta">Refusals: ${errors.map(escapeHtml).join(', ')} (<a href="#errors">errors</a>).</p>`,
    );
  }
  return parts.join('\n');
}

function needs(operation: Operation): string {
  const requires = operation['x-allot-requires'];
  return requires
    ? `<code>${escapeHtml(requires.action)}</code> on <code>${escapeHtml(requires.subject)}</code>`
    : 'no declared ability: public, any session, or checked by the route itself';
}

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

function operationArticle({ method, path, operation }: Entry, doc: Document): string {
  const id = operationAnchor(method, path);
  return `<article class="op" aria-labelledby="${id}">
<h3 id="${id}"><span class="method m-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
${operation.summary ? `<p>${prose(operation.summary)}</p>` : ''}
<p class="meta">Needs: ${needs(operation)}.</p>
${parametersSection(operation, doc)}
${bodySection(operation, doc)}
${answerSection(operation, doc)}
</article>`;
}

function areaSection(
  area: { name: string; description?: string },
  entries: readonly Entry[],
  doc: Document,
): string {
  const id = areaAnchor(area.name);
  // One line per path, a link for each of its methods: the area's operations at a glance.
  const byPath = new Map<string, Entry[]>();
  for (const entry of entries) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
  const index = [...byPath]
    .map(([path, ops]) => {
      const links = ops
        .map(({ method }) => {
          const label = `${method.toUpperCase()} ${path}`;
          return `<a class="method m-${escapeHtml(method)}" href="#${operationAnchor(method, path)}" aria-label="${escapeHtml(label)}">${escapeHtml(method.toUpperCase())}</a>`;
        })
        .join(' ');
      return `<li><code>${escapeHtml(path)}</code> ${links}</li>`;
    })
    .join('\n');
  return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(area.name)}</h2>
${area.description ? `<p>${prose(area.description)}</p>` : ''}
<ul class="index">
${index}
</ul>
${entries.map((entry) => operationArticle(entry, doc)).join('\n')}
</section>`;
}

const STYLE = `:root{color-scheme:light dark;--fg:#1a1a1a;--bg:#fff;--muted:#4a4a4a;--line:#d4d4d4;--code:#f2f2f2;--link:#0645ad;--get:#0b6e4f;--post:#1d4ed8;--put:#8a4b00;--patch:#8a4b00;--delete:#b42318}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#121212;--muted:#b8b8b8;--line:#3a3a3a;--code:#1f1f1f;--link:#8ab4f8;--get:#6fd3a8;--post:#a5bfff;--put:#f5b971;--patch:#f5b971;--delete:#ff9b8f}}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:var(--fg);background:var(--bg)}
header,nav,main,footer{max-width:72rem;margin:0 auto;padding:0 1.25rem}
a{color:var(--link)}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem}
nav ol{columns:16rem;padding-left:1.25rem}
h2{margin-top:2.5rem;padding-top:.5rem;border-top:2px solid var(--line)}
h3{font-size:1.1rem;margin:0 0 .25rem}
h4{font-size:1rem;margin:1rem 0 .25rem}
.op{border:1px solid var(--line);border-radius:6px;padding:1rem;margin:1rem 0}
.meta{color:var(--muted);margin:.25rem 0}
.method{display:inline-block;min-width:4.2em;font:700 .8em ui-monospace,monospace;border:1px solid currentColor;border-radius:3px;padding:0 .3em;text-align:center}
.m-get{color:var(--get)}.m-post{color:var(--post)}.m-put{color:var(--put)}.m-patch{color:var(--patch)}.m-delete{color:var(--delete)}
.index{list-style:none;padding:0}.index li{margin:.3rem 0}.index code{margin-right:.5rem}.index a.method{text-decoration:none;margin-right:.25rem}.index a.method:hover,.index a.method:focus{text-decoration:underline}
table{border-collapse:collapse;width:100%;margin:.25rem 0}
caption{text-align:left;color:var(--muted);font-size:.9em}
th,td{padding:.3rem .5rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}
.depth-1{padding-left:1.25rem}.depth-2{padding-left:2rem}.depth-3{padding-left:2.75rem}.depth-4{padding-left:3.5rem}
details summary{cursor:pointer;color:var(--link)}`;

/** The reference page of an OpenAPI document made by `openApiDocument`. */
export function referencePage(
  document: Record<string, unknown>,
  openApiPath = '/api/openapi.json',
): string {
  const doc = document as Document;
  const byArea = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    const methods = Object.keys(operations).sort(
      (a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b),
    );
    for (const method of methods) {
      const operation = operations[method] ?? {};
      const area = operation.tags?.[0] ?? 'Other';
      const list = byArea.get(area) ?? [];
      list.push({ method, path, operation });
      byArea.set(area, list);
    }
  }
  const declared = (doc.tags ?? []).filter((tag) => byArea.has(tag.name));
  const areas = [
    ...declared,
    ...[...byArea.keys()]
      .filter((name) => !declared.some((tag) => tag.name === name))
      .map((name) => ({ name })),
  ];
  const toc = areas
    .map(
      (area) =>
        `<li><a href="#${areaAnchor(area.name)}">${escapeHtml(area.name)}</a> (${byArea.get(area.name)?.length ?? 0})</li>`,
    )
    .join('\n');
  const errorRows = rowsOf(resolve({ $ref: '#/components/schemas/ErrorAnswer' }, doc), doc);
  const title = doc.info?.title ?? 'API';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style>
</head><body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<h1>${escapeHtml(title)} reference</h1>
<p class="meta">Version ${escapeHtml(doc.info?.version ?? '')}. The same description, for tools: the <a href="${escapeHtml(openApiPath)}">OpenAPI 3.1 document</a>.</p>
</header>
<nav aria-labelledby="contents">
<h2 id="contents">Contents</h2>
<ol>
<li><a href="#using">Using the API</a></li>
${toc}
<li><a href="#errors">Errors</a></li>
</ol>
</nav>
<main id="main">
<section aria-labelledby="using">
<h2 id="using">Using the API</h2>
<p>${prose(doc.info?.description ?? '')}</p>
<p>A write may send the revision it is based on as <code>If-Match: "3"</code>: if the record changed since, it is refused with 409. <code>X-Correlation-Id</code> ties the events of several writes together in the history.</p>
</section>
${areas.map((area) => areaSection(area, byArea.get(area.name) ?? [], doc)).join('\n')}
<section aria-labelledby="errors">
<h2 id="errors">Errors</h2>
<p>Every refusal answers JSON of this shape; the status code says what kind it is (each operation lists its own).</p>
${errorRows.length > 0 ? fieldTable(errorRows, 'Error answer fields', false) : ''}
</section>
</main>
<footer><p class="meta">Made from the routes the server registered, when it started.</p></footer>
</body></html>
`;
}
