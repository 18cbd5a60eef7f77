import { routes } from '@dynaloop/contract';
import { type AppInstance } from '../../platform/app-types.js';
import { resolveActor } from '../../platform/auth.js';
import { type ModelEvent } from '../../platform/events.js';
import { loadVisibleModel } from '../models/policy.js';
import { evaluationProgress } from './service.js';

const KEEPALIVE_MS = 15_000;

export function registerEvaluationRoutes(app: AppInstance): void {
  const { db, events, tokens } = app.deps;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /**
   * Server-sent events: every evaluation status change of a model, as it is committed (from
   * any process). EventSource cannot send headers, so the access token may come as a query
   * parameter.
   */
  app.serve(routes.modelEvents, async (request, reply) => {
    const actor =
      request.actor.kind === 'anonymous' && request.query.access_token
        ? await resolveActor(db, tokens, `Bearer ${request.query.access_token}`)
        : request.actor;
    const { model } = await loadVisibleModel(db, actor, request.params.id);
    // A client that does not ask for an event stream gets the current statuses once.
    if (!(request.headers.accept ?? '').includes('text/event-stream')) {
      const progress = await evaluationProgress(db, model.id, app.deps.config.evaluation.staleMs);
      return reply.send({
        mid: model.id,
        statuses: progress.map((p) => ({ did: p.did, status: p.status })),
      });
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    const send = (event: string, data: unknown) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // Listening before saying ready: a change right after "ready" is never missed.
    let unsubscribe: () => void;
    try {
      unsubscribe = await events.subscribeModel(model.id, (e: ModelEvent) => send('status', e));
    } catch (err) {
      request.log.error({ err }, 'could not listen for model events');
      res.end();
      return reply;
    }
    res.write('retry: 3000\n\n');
    send('ready', { mid: model.id });
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const close = () => {
      clearInterval(keepalive);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
    return reply;
  });
}
