/**
 * A local stand-in for the DVLA Vehicle Enquiry Service, for tests: it checks the x-api-key
 * header, knows a few registrations, and answers as the real service does, including its 400, 404
 * and 5xx answers, a quota that runs out (429) and a registration it answers too slowly.
 */
import type { IncomingMessage } from 'node:http';
import { listenFakeProvider, requestText, sendJson } from '../fake-provider-server';

export const FAKE_DVLA_KEY = 'test-dvla-key';

export interface FakeDvlaVehicle {
  make: string;
  yearOfManufacture?: number;
  monthOfFirstRegistration?: string;
  fuelType?: string;
  colour?: string;
  engineCapacity?: number;
}

export interface FakeDvlaOptions {
  vehicles: Record<string, FakeDvlaVehicle>;
  /** Registrations the service fails on with a 500. */
  failing?: string[];
  /** Registrations answered only after this many milliseconds. */
  slow?: Record<string, number>;
  /** Requests the key may make before the service answers 429. */
  quota?: number;
}

export interface FakeDvla {
  url: string;
  /** Registration numbers received, in order (the service's own request log). */
  received: string[];
  close(): Promise<void>;
}

/** The real service's error body: { errors: [{ status, code, title, detail }] }. */
const problem = (status: number, title: string, detail: string) => ({ errors: [{ status: String(status), code: String(status), title, detail }] });

async function readJson(request: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await requestText(request));
  } catch {
    return null;
  }
}

export async function startFakeDvla(options: FakeDvlaOptions): Promise<FakeDvla> {
  const received: string[] = [];
  let remaining = options.quota ?? Number.POSITIVE_INFINITY;

  const server = await listenFakeProvider(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/vehicle-enquiry/v1/vehicles') return sendJson(response, 404, problem(404, 'Not Found', 'No such resource'));
    if (request.headers['x-api-key'] !== FAKE_DVLA_KEY) return sendJson(response, 403, { message: 'Forbidden' });
    const body = await readJson(request);
    const vrn = typeof body === 'object' && body !== null && 'registrationNumber' in body ? body.registrationNumber : undefined;
    if (typeof vrn !== 'string' || !/^[A-Z0-9]{1,7}$/.test(vrn)) {
      return sendJson(response, 400, problem(400, 'Bad Request', 'Invalid format for field - vehicle registration number'));
    }
    received.push(vrn);
    if (remaining <= 0) return sendJson(response, 429, { message: 'Too Many Requests' });
    remaining -= 1;
    if (options.failing?.includes(vrn)) return sendJson(response, 500, problem(500, 'Internal Server Error', 'System error occurred'));
    const vehicle = options.vehicles[vrn];
    const answer = () =>
      vehicle
        ? sendJson(response, 200, { registrationNumber: vrn, taxStatus: 'Taxed', motStatus: 'Valid', markedForExport: false, typeApproval: 'M1', ...vehicle })
        : sendJson(response, 404, problem(404, 'Vehicle Not Found', 'Record for vehicle not found'));
    server.later(response, options.slow?.[vrn] ?? 0, answer);
  });
  return {
    url: `http://127.0.0.1:${server.port}/vehicle-enquiry/v1/vehicles`,
    received,
    close: () => server.close(),
  };
}
