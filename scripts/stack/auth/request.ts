// Request bodies read the way GoTrue reads them (Go's json.Unmarshal into a params struct):
// unknown keys are ignored, null leaves a field empty, a value of the wrong type is bad_json.
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http.ts';
import { AuthHttpError, badRequest } from './errors.ts';

/** GoTrue's limitRequestBody(1 << 20). */
export const bodyLimit = 1 << 20;

export type JsonObject = Record<string, unknown>;

const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

async function readText(req: IncomingMessage): Promise<string> {
  try {
    return (await readBody(req, bodyLimit)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthHttpError(413, 'request_entity_too_large', `Request body too large (max ${bodyLimit} bytes)`);
    }
    throw error;
  }
}

/** The body as a JSON object; `null` reads as `{}`. `emptyIsObject` for endpoints whose body is optional. */
export async function readJsonObject(req: IncomingMessage, { emptyIsObject = false } = {}): Promise<JsonObject> {
  const text = await readText(req);
  if (emptyIsObject && text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson(text.trim() === '' ? 'unexpected end of JSON input' : (error as Error).message);
  }
  if (value === null) return {};
  if (jsonType(value) !== 'object') throw badJson(`json: cannot unmarshal ${jsonType(value)} into Go value of type object`);
  return value as JsonObject;
}

function mismatch(key: string, value: unknown, expected: string): AuthHttpError {
  return badJson(`json: cannot unmarshal ${jsonType(value)} into Go struct field .${key} of type ${expected}`);
}

/** A string field: absent or null read as ''. */
export function stringField(body: JsonObject, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw mismatch(key, value, 'string');
  return value;
}

/** A `*string` field: absent or null read as undefined, so "not given" differs from "". */
export function optionalStringField(body: JsonObject, key: string): string | undefined {
  return body[key] === undefined || body[key] === null ? undefined : stringField(body, key);
}

export function booleanField(body: JsonObject, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw mismatch(key, value, 'bool');
  return value;
}

/** A `map[string]interface{}` field: absent or null read as undefined. */
export function objectField(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (jsonType(value) !== 'object') throw mismatch(key, value, 'map[string]interface {}');
  return value as JsonObject;
}

/** Merges `updates` into `current` as GoTrue does: a null value removes the key. */
export function mergeMetadata(current: JsonObject | null | undefined, updates: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
