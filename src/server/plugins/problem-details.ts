import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE, localeFromAcceptLanguage, namesLocale, type Locale } from '../../shared/locales';
import { memoByHeader } from '../lib/header-memo';
import { isDatabaseUnavailable, loggableError } from '../lib/database-errors';
import { AppError, rateLimited, unavailable, type ErrorKind } from '../lib/errors';
import { translate } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's language: the first of sr, en, uk, ru that Accept-Language names, else sr. Parsed once. */
    locale: Locale;
    /** Whether Accept-Language named that language itself (false when `locale` is the fallback). */
    localeNamed: boolean;
  }
}

/** Every problem answer, and every API answer no route opted out for, is personal: no cache keeps it. */
export const NO_STORE = 'private, no-store';
/** Seconds a client should wait before retrying while the database is away. */
const DATABASE_RETRY_SECONDS = 5;

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
  /** Wrong SMS code: codes that may still be tried (AppError `extensions`). */
  tries_left?: number;
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

/** The one table from a domain error's kind to its HTTP status (STYLE 10): no service names a status. */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  header_too_large: 431,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
};

export const statusOf = (error: AppError) => STATUS_BY_KIND[error.kind];

/** A field message that is a catalogue key (`field.*`) is translated here, once, for every route. */
const fieldText = (locale: Locale, message: string) => (message.startsWith('field.') ? translate(locale, `errors:${message}`) : message);

export function problem(locale: Locale, error: AppError, instance?: string): ProblemDetails {
  const status = statusOf(error);
  const body: ProblemDetails = {
    type: `/problems/${error.code.replace(/_/g, '-')}`,
    title: translate(locale, `errors:title.${status}`),
    status,
    detail: translate(locale, `errors:${error.code}`, error.params),
    code: error.code,
  };
  if (instance) body.instance = instance;
  if (error.fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map((message) => fieldText(locale, message))]),
    );
  }
  if (error.retryAfterSeconds) body.retry_after = error.retryAfterSeconds;
  return { ...body, ...error.extensions };
}

/** The request's language (see `request.locale`); parsed here only for answers written before any hook ran. */
export function requestLocale(request: FastifyRequest): Locale {
  return request.locale || readAcceptLanguage(request.headers['accept-language']).locale;
}

function toAppError(error: FastifyError, locale: Locale): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return unavailable('service_unavailable', DATABASE_RETRY_SECONDS);
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
    return new AppError('invalid', 'validation_failed', { fieldErrors: fields });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('too_large', 'body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'unsupported_media_type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid', 'malformed_body');
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid', 'malformed_url');
  }
  if (error.statusCode === 429) {
    return rateLimited(Number((error as FastifyError & { retryAfter?: number }).retryAfter ?? 60));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const kind = (Object.entries(STATUS_BY_KIND).find(([, status]) => status === error.statusCode)?.[0] ?? 'invalid') as ErrorKind;
    return new AppError(kind, kind === 'header_too_large' ? 'header_too_large' : 'malformed_request');
  }
  return new AppError('internal', 'internal');
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = requestLocale(request);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .code(statusOf(error))
    .type('application/problem+json')
    .header('content-language', locale)
    .header('cache-control', NO_STORE)
    .send(problem(locale, error, request.url));
}

/**
 * Logs a failure: 5xx with the error (database values withheld), a refusal as one line. A request turned
 * away while the server drains for a stop is a refusal too: nothing failed.
 */
function logFailure(request: FastifyRequest, error: unknown, appError: AppError) {
  if (statusOf(appError) >= 500 && appError.code !== 'shutting_down') request.log.error({ err: loggableError(error) }, 'request failed');
  else request.log.info({ code: appError.code, status: statusOf(appError) }, 'request refused');
}

/**
 * Fastify's own refusals, written before any route or hook runs (a URL it cannot decode): problem
 * documents like every other answer, with the security headers helmet would have set.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    const appError = toAppError(error, requestLocale(request));
    logFailure(request, error, appError);
    reply.headers(securityHeaders).header('x-request-id', request.id);
    void sendProblem(request, reply, appError);
  };
}

/**
 * What Node refuses before Fastify sees a request (a header section too large, a malformed request line or
 * body framing): a problem document in the default language (the headers could not be read), with the
 * security headers, then the connection closes as Node's own answer would.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const appError =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('header_too_large', 'header_too_large')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new AppError('request_timeout', 'request_timeout')
          : new AppError('invalid', 'malformed_request');
    const status = statusOf(appError);
    const body = JSON.stringify(problem(DEFAULT_LOCALE, appError));
    const headers = {
      ...securityHeaders,
      'content-type': 'application/problem+json; charset=utf-8',
      'content-language': DEFAULT_LOCALE,
      'cache-control': NO_STORE,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    if (socket.writable) {
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** The language an Accept-Language header asks for, and whether it names it: parsed once per header value. */
const readAcceptLanguage = memoByHeader((header) => {
  const locale = localeFromAcceptLanguage(header);
  return { locale, named: namesLocale(header, locale) };
});

/** STYLE 13–14: one error body everywhere; 5xx answers carry no internals and are logged with the request id. */
export const problemDetailsPlugin = fp(async (app: FastifyInstance) => {
  // Accept-Language is read once per request; every answer and service takes `request.locale`.
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('localeNamed', false);
  // Synchronous hooks take a callback: an async one costs every answer a promise and a microtask turn.
  app.addHook('onRequest', (request, _reply, done) => {
    const { locale, named } = readAcceptLanguage(request.headers['accept-language']);
    request.locale = locale;
    request.localeNamed = named;
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, requestLocale(request));
    logFailure(request, error, appError);
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
      return sendProblem(request, reply, new AppError('method_not_allowed', 'method_not_allowed', { params: { method: request.method, url, allowed: list }, headers: { allow: list } }));
    }
    return sendProblem(request, reply, new AppError('not_found', 'route_not_found', { params: { method: request.method, url } }));
  });
});
