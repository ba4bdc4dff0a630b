import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['any of these wrapped by Drizzle', new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "FROM"', '42601')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['a thrown string', 'boom'],
    ['nothing', null],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('reports the driver\'s own words, not the SQL or its parameters', () => {
    const error = new Error('Failed query: insert into sessions values ($1)\nparams: secret', { cause: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED') });
    expect(unavailableReason(error)).toBe('connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)');
  });
});
