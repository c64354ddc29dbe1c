/**
 * The OpenAPI 3.1 description of the catalog HTTP module. Record shapes are
 * not restated here: they are the catalog's own JSON Schemas
 * (catalog/schema/*.json, bundled at build time), hoisted into
 * `components.schemas` with their internal `$ref`s rewritten.
 */
import functionsSchema from '../../../catalog/schema/functions.schema.json';
import functionTagsSchema from '../../../catalog/schema/functions_tag.schema.json';
import triggersSchema from '../../../catalog/schema/triggers.schema.json';
import triggerTagsSchema from '../../../catalog/schema/triggers_tag.schema.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The four seed routes, the data set each serves and the component describing it. */
export const LIST_ROUTES = [
  { path: '/functions_list', key: 'functions', component: 'FunctionList', summary: 'Every script function (array of function records).' },
  { path: '/functions_tag_list', key: 'functionTags', component: 'FunctionTagList', summary: 'The functions organised by tags (catalog sections).' },
  { path: '/triggers_list', key: 'triggers', component: 'TriggerList', summary: 'Every event trigger, plus the interaction trigger.' },
  { path: '/triggers_tag_list', key: 'triggerTags', component: 'TriggerTagList', summary: 'The triggers organised by tags.' },
] as const;

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function rewriteRefs(value: Json, refs: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, refs));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && refs.has(item)) out[key] = `#/components/schemas/${refs.get(item)}`;
    else out[key] = rewriteRefs(item, refs);
  }
  return out;
}

/**
 * Turns one catalog schema file into component schemas: the list itself
 * (`${base}List`), its item (`${base}Record`, unless the items already refer
 * to a definition) and each `$defs` entry.
 */
function hoist(schema: JsonObject, base: string, into: JsonObject): void {
  const refs = new Map<string, string>();
  const defs = (schema.$defs ?? {}) as JsonObject;
  for (const name of Object.keys(defs)) {
    let component = `${capitalize(name)}Record`;
    if (component in into || component === `${base}List`) component = `${base}${capitalize(name)}Record`;
    refs.set(`#/$defs/${name}`, component);
  }
  for (const [name, def] of Object.entries(defs)) into[refs.get(`#/$defs/${name}`)!] = rewriteRefs(def, refs);
  const list: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === '$id' || key === '$defs') continue;
    list[key] = rewriteRefs(value, refs);
  }
  const items = list.items as JsonObject | undefined;
  if (items && typeof items === 'object' && !('$ref' in items)) {
    into[`${base}Record`] = items;
    list.items = { $ref: `#/components/schemas/${base}Record` };
  }
  into[`${base}List`] = list;
}

const cacheHeaders: JsonObject = {
  ETag: { description: 'Strong validator of this representation (differs per content coding).', schema: { type: 'string' } },
  'Last-Modified': { description: 'When the catalog files were last changed.', schema: { type: 'string' } },
  'Cache-Control': { description: '`public, max-age=60, must-revalidate`.', schema: { type: 'string' } },
  Vary: { description: '`Accept-Encoding`.', schema: { type: 'string' } },
  'Content-Encoding': { description: '`br` or `gzip` when negotiated; absent for identity.', schema: { type: 'string' } },
  'Access-Control-Allow-Origin': { description: 'Always `*`.', schema: { type: 'string' } },
};

function json(ref: string): JsonObject {
  return { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } };
}

function getOperation(operationId: string, summary: string, ok: string, extra: JsonObject = {}, parameters?: Json[]): JsonObject {
  const op: JsonObject = {
    operationId,
    summary,
    responses: {
      '200': { description: 'OK', headers: cacheHeaders, content: json(ok) },
      '304': { $ref: '#/components/responses/NotModified' },
      ...extra,
    },
  };
  if (parameters) op.parameters = parameters;
  return op;
}

function pathItem(get: JsonObject): JsonObject {
  const head: JsonObject = { ...get, operationId: `${get.operationId as string}Head`, summary: `Headers of ${get.operationId as string}, no body.` };
  const headResponses: JsonObject = {};
  for (const [status, response] of Object.entries(get.responses as JsonObject)) {
    headResponses[status] =
      '$ref' in (response as JsonObject) ? response : { description: (response as JsonObject).description, headers: (response as JsonObject).headers ?? {} };
  }
  head.responses = headResponses;
  return {
    get,
    head,
    options: {
      operationId: `${get.operationId as string}Options`,
      summary: 'CORS preflight.',
      responses: { '204': { $ref: '#/components/responses/Preflight' } },
    },
  };
}

let cached: JsonObject | undefined;

/** The OpenAPI document (built once per process; the shapes do not change with reloads). */
export function openapiDocument(): JsonObject {
  if (cached) return cached;
  const schemas: JsonObject = {};
  hoist(functionsSchema as unknown as JsonObject, 'Function', schemas);
  hoist(functionTagsSchema as unknown as JsonObject, 'FunctionTag', schemas);
  hoist(triggersSchema as unknown as JsonObject, 'Trigger', schemas);
  hoist(triggerTagsSchema as unknown as JsonObject, 'TriggerTag', schemas);
  schemas.Error = {
    type: 'object',
    required: ['error', 'status'],
    properties: {
      error: { type: 'string', description: 'A one-line human explanation.' },
      status: { type: 'integer', description: 'The HTTP status code, repeated.' },
      name: { type: 'string', description: 'For unknown records: the name that was asked for.' },
      suggestions: { type: 'array', items: { type: 'string' }, description: 'For unknown records: the closest names by edit distance.' },
    },
  };
  schemas.Health = {
    type: 'object',
    required: ['status', 'functions', 'triggers', 'source', 'loadedAt'],
    properties: {
      status: { enum: ['ok', 'degraded'], description: '`degraded` when the last reload failed (the last good catalog is still served).' },
      functions: { type: 'integer' },
      triggers: { type: 'integer' },
      source: {
        type: 'string',
        description: 'The catalog directory (for local tools: no Origin header, a loopback Host), `folder` (for anyone else), or `bundled`.',
      },
      loadedAt: { type: 'string', format: 'date-time' },
      version: { type: 'string', description: 'The Catalog-Version header of every response of the catalog served.' },
      watching: { type: 'boolean' },
      lastReloadError: { type: ['string', 'null'], description: 'Why the last reload failed; for anyone but local tools without paths or file content.' },
    },
  };
  const errorResponse = (description: string): JsonObject => ({ description, content: json('Error') });
  const nameParameter = (what: string): Json[] => [
    { name: 'name', in: 'path', required: true, description: `The ${what} name, case-sensitive.`, schema: { type: 'string' } },
  ];
  const paths: JsonObject = {};
  for (const route of LIST_ROUTES) {
    const id = route.path.slice(1).replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    paths[route.path] = pathItem(getOperation(id, route.summary, route.component));
  }
  paths['/functions/{name}'] = pathItem(
    getOperation(
      'getFunction',
      'One function record.',
      'FunctionRecord',
      { '404': errorResponse('No such function; the body names the closest matches.') },
      nameParameter('function'),
    ),
  );
  paths['/triggers/{name}'] = pathItem(
    getOperation(
      'getTrigger',
      'One trigger record.',
      'TriggerRecord',
      { '404': errorResponse('No such trigger; the body names the closest matches.') },
      nameParameter('trigger'),
    ),
  );
  paths['/openapi.json'] = pathItem({
    operationId: 'getOpenapi',
    summary: 'This document.',
    responses: {
      '200': { description: 'OK', headers: cacheHeaders, content: { 'application/json': { schema: { type: 'object' } } } },
      '304': { $ref: '#/components/responses/NotModified' },
    },
  });
  paths['/'] = pathItem({
    operationId: 'getReferencePage',
    summary: 'The catalog reference page for people: one self-contained HTML document, readable without JavaScript.',
    responses: {
      '200': { description: 'OK', headers: cacheHeaders, content: { 'text/html': { schema: { type: 'string' } } } },
      '304': { $ref: '#/components/responses/NotModified' },
    },
  });
  paths['/healthz'] = pathItem({
    operationId: 'getHealth',
    summary: 'Liveness and what is being served. Never cached.',
    responses: { '200': { description: 'OK', content: json('Health') } },
  });
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'zscript catalog',
      version: '1.0.0',
      description:
        'The function and trigger catalog of the Z scripting language, as served by zscript-catalog-server. ' +
        'Every route answers GET, HEAD and OPTIONS (CORS preflight); other methods get 405, unknown paths 404, malformed requests 400, ' +
        'oversized headers 431. Query strings are ignored. Responses carry `Access-Control-Allow-Origin: *`.',
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    paths,
    components: {
      schemas,
      responses: {
        NotModified: { description: 'The representation matches If-None-Match / has not changed since If-Modified-Since. No body.' },
        Preflight: {
          description: 'CORS preflight accepted. No body.',
          headers: {
            'Access-Control-Allow-Methods': { schema: { type: 'string' } },
            'Access-Control-Allow-Headers': { schema: { type: 'string' } },
            'Access-Control-Max-Age': { schema: { type: 'string' } },
          },
        },
        MethodNotAllowed: { description: 'Only GET, HEAD and OPTIONS are allowed; see the Allow header.', content: json('Error') },
        BadRequest: { description: 'The request could not be parsed.', content: json('Error') },
      },
    },
  };
  return cached;
}
