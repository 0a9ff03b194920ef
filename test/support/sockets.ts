import WebSocket from 'ws';

/**
 * Opens the local stack's `/ws` with an access token, as the SPA does. Resolves once open (with a
 * promise of its close); rejects with `HTTP <status>` when `$connect` refuses it.
 */
export function openSocket(baseUrl: string, token: string): Promise<{ ws: WebSocket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
    const closed = new Promise<void>((done) => ws.once('close', () => done()));
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
