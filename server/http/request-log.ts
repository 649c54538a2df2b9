import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Sent by the demo plant simulator (server/simulate/plant-api.ts) on every request. */
export const SIMULATOR_HEADER = 'x-plantline-simulator';

// The simulator makes several requests a second for as long as the demo runs; logged at info
// they bury the requests of the people using the app. They log at debug instead, failures
// still at error. The header only lowers the log level: it grants and hides nothing else.
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (fromSimulator(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!error && fromSimulator(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply);
  }
}

function fromSimulator(request: FastifyRequest): boolean {
  return request.headers[SIMULATOR_HEADER] === '1';
}
