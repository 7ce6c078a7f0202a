import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { localeFromAcceptLanguage, type Locale } from '../../shared/locales';
import { AppError } from '../lib/errors';
import { translate } from '../lib/i18n';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: Record<string, string[]>;
  /** Seconds until a refused (429) request may be repeated: the Retry-After header, readable by a browser too. */
  retry_after?: number;
}

/** A field message is either a catalogue key under errors:field.* or zod's own text, mapped by issue code. */
function fieldMessage(locale: Locale, issue: ZodFastifySchemaValidationError): string {
  if (issue.message?.startsWith('field.')) return translate(locale, `errors:${issue.message}`);
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) {
    return translate(locale, 'errors:field.required');
  }
  const key = `errors:field.${issue.keyword}`;
  const text = translate(locale, key);
  return text === key.slice('errors:'.length) || text === key ? translate(locale, 'errors:field.invalid') : text;
}

export function problem(locale: Locale, error: AppError, instance?: string): ProblemDetails {
  const body: ProblemDetails = {
    type: `/problems/${error.code.replace(/_/g, '-')}`,
    title: translate(locale, `errors:title.${error.status}`),
    status: error.status,
    detail: translate(locale, `errors:${error.code}`, error.params),
    code: error.code,
  };
  if (instance) body.instance = instance;
  if (error.fieldErrors) body.errors = error.fieldErrors;
  const retryAfter = Number(error.headers['retry-after']);
  if (Number.isInteger(retryAfter) && retryAfter > 0) body.retry_after = retryAfter;
  return body;
}

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

function toAppError(error: FastifyError, locale: Locale): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // An unknown parameter is named itself ("foo"), not the object that holds it ("querystring").
      const unknownKeys = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys) ? (issue.params.keys as unknown[]) : [];
      const names = unknownKeys.length
        ? unknownKeys.map((key) => (path ? `${path}.${String(key)}` : String(key)))
        : [path || error.validationContext || 'body'];
      for (const name of names) (fields[name] ??= []).push(fieldMessage(locale, issue));
    }
    return new AppError(400, 'validation_failed', {}, fields);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'unsupported_media_type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'malformed_body');
  }
  if (error.statusCode === 429) {
    const seconds = Number((error as FastifyError & { retryAfter?: number }).retryAfter ?? 60);
    return new AppError(429, 'rate_limited', { seconds }, undefined, { 'retry-after': String(seconds) });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'validation_failed');
  }
  return new AppError(500, 'internal');
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = requestLocale(request);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .type('application/problem+json')
    .header('content-language', locale)
    .send(problem(locale, error, request.url));
}

/** STYLE 13–14: one error body everywhere; 5xx answers carry no internals and are logged with the request id. */
export const problemDetailsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, requestLocale(request));
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    return sendProblem(request, reply, appError);
  });

  // Fastify answers an unrouted method with 404; RFC 9110 wants 405 and an Allow header when the path
  // exists for other methods. A second router holding every route's path and method tells which.
  const routes = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    // A catch-all (the web app's pages) matches every path, so it cannot say which methods a path has.
    if (route.url.endsWith('*')) return;
    for (const method of [route.method].flat() as HTTPMethod[]) {
      methods.add(method);
      try {
        routes.on(method, route.url, () => undefined);
      } catch {
        // The same method and path registered twice (HEAD beside GET): one entry is enough.
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A route of this very method that answered "not found" itself (an unknown id) is a plain 404.
    const routed = methods.has(request.method as HTTPMethod) && routes.find(request.method as HTTPMethod, url);
    const allowed = routed ? [] : [...methods].filter((method) => routes.find(method, url)).sort();
    if (allowed.length > 0) {
      const list = allowed.join(', ');
      return sendProblem(request, reply, new AppError(405, 'method_not_allowed', { method: request.method, url, allowed: list }, undefined, { allow: list }));
    }
    return sendProblem(request, reply, new AppError(404, 'route_not_found', { method: request.method, url }));
  });
});
