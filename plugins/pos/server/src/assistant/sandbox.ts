import type { FastifyInstance } from 'fastify';

/**
 * The desktop assistant's local API simulator (seeds 001 §7: the local API on port 10999), under
 * /sandbox/pos/assistant/:deviceId/api/... — OUR INVENTION in its paths and fields (the seeds show
 * none): status, version, print, and sales read from the pharmacy software. In memory, per device.
 * When `down`, every call answers 500 titled 'Internal Server Error', which the workbench turns
 * into "restart the desktop assistant" (seeds 001 §8).
 * PUT /sandbox/pos/assistant/control {down, slowMs, version, connectorConnected}; GET
 * /sandbox/pos/assistant/control/prints.
 */
interface Control { down: boolean; slowMs: number; version: string; connectorConnected: boolean }
const DEFAULT: Control = { down: false, slowMs: 0, version: '2.3.1', connectorConnected: true };

export async function assistantSandbox(app: FastifyInstance): Promise<void> {
  let control: Control = { ...DEFAULT };
  const prints: { deviceId: string; at: string; text: string }[] = [];
  await app.register(async (s) => {
    s.addHook('onRequest', async (req, reply) => {
      if (req.url.includes('/control')) return;
      if (control.down) return reply.status(500).send({ title: 'Internal Server Error', status: 500 });
      if (control.slowMs) await new Promise((r) => setTimeout(r, control.slowMs));
    });
    s.put('/control', async (req) => {
      const { reset, ...b } = (req.body ?? {}) as Partial<Control> & { reset?: boolean };
      control = reset ? { ...DEFAULT, ...b } : { ...control, ...b };
      if (reset) prints.length = 0;
      return control;
    });
    s.get('/control/prints', async () => prints);
    s.get('/:deviceId/api/status', async (req) => ({
      running: true, deviceId: (req.params as { deviceId: string }).deviceId, version: control.version, port: 10999,
      connector: { connected: control.connectorConnected },
    }));
    s.get('/:deviceId/api/version', async () => ({ name: 'kolay_asistan', version: control.version }));
    s.post('/:deviceId/api/print', async (req) => {
      const text = String(((req.body ?? {}) as { text?: string }).text ?? '').slice(0, 10_000);
      prints.push({ deviceId: (req.params as { deviceId: string }).deviceId, at: new Date().toISOString(), text });
      return { printed: true, jobId: prints.length };
    });
    // Sales as the pharmacy software keeps them (deterministic fixtures).
    s.get('/:deviceId/api/pharmacy/sales', async () => {
      if (!control.connectorConnected) return { connected: false, sales: [] };
      return {
        connected: true,
        sales: [
          { receiptNo: 'R-1001', date: '2026-11-20', total: '245.60', paymentType: 'CREDIT_CARD' },
          { receiptNo: 'R-1002', date: '2026-11-20', total: '89.90', paymentType: 'CASH' },
        ],
      };
    });
  }, { prefix: '/assistant' });
}
