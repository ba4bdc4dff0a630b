/**
 * Requests per minute per IP address for API calls and pages (static files are exempt: one page
 * load fetches dozens). Counters live in Redis when REDIS_URL is set so every API process behind
 * a load balancer shares them; otherwise in this process's memory.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError, MESSAGES } from '../http/http-error';
import { isInProcessRequest } from '../http/in-process';
import { isApiPath, looksLikeFile, pathnameOf } from '../http/paths';

export const rateLimiting = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    // Imported only when configured: most installs never load the Redis client. Without an
    // offline queue a request fails over at once while Redis is unreachable, instead of waiting.
    const redis = config.redisUrl
      ? new (await import('ioredis')).Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    if (redis) {
      // Without a listener ioredis would crash the process on a lost connection; requests carry
      // on meanwhile (skipOnError) and the client reconnects by itself.
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      redis,
      // A shop that stops selling because its counter store is down is worse than one that
      // briefly does not count.
      skipOnError: true,
      allowList: (request) => {
        if (isInProcessRequest(request)) return true;
        const pathname = pathnameOf(request.url);
        // Only reads of files: a write to a path ending in .json outside the API (the enquiry
        // form's /form-messages/save.json) counts like any call.
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        return isRead && looksLikeFile(pathname) && !isApiPath(pathname);
      },
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limiting' },
);
