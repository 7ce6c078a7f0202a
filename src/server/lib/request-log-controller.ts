import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request (issue #13). Fastify writes two: "incoming request" and "request completed". The
 * completed line here carries the request's fields as well (method, URL with its secrets redacted, host,
 * remote address: the `req` serializer), so the log says as much in one line, and a cached answer no
 * longer pays for two serialised lines. The incoming line is still written at `debug`, for following a
 * request that never completes.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
