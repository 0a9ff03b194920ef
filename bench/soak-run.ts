import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, signIn } from '../shared/api-client';
import { startBenchStack } from './local-stack';
import { runSoak } from './soak';

/**
 * `npm run soak [clients] [seconds]` (default 50 clients, 120 s): the long soak on loopback against
 * its own local stack. Writes bench/results/soak.json and exits 1 on any 5xx, ledger drift or
 * counter mismatch (slots, notification badges, chat unread counters, announcement views).
 */
const clients = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 120);

// Each soak client plays its own office address through the viewer-IP header (as the tests' stack does).
process.env.LOCAL_TRUST_VIEWER_IP = '1';
const stack = await startBenchStack();
let failed = true;
try {
  const { createUser } = await import('../functions/domain/auth/auth-service');
  const { credit } = await import('../functions/domain/cash/ledger');
  const { settingsStore } = await import('../functions/storage/settings');
  const { invalidateSettingsCache } = await import('../functions/domain/settings/settings-service');
  await settingsStore.put('maxSlotsPerUser', 10_000, 'business', 'soak');
  invalidateSettingsCache();
  const api = createApiClient({ baseUrl: stack.url });
  const signInAs = async (loginId: string) => (await signIn(api, loginId, 'soakpass1')).tokens.accessToken;
  await createUser({ loginId: 'soakop', password: 'soakpass1', fullName: '운영자', role: 'operator' });
  const operatorToken = await signInAs('soakop');
  const advertisers = [];
  for (let i = 0; i < clients; i++) {
    const user = await createUser({ loginId: `soak${i}`, password: 'soakpass1', fullName: `광고주${i}`, role: 'user' });
    await credit({
      userId: user.id,
      amount: 100_000_000,
      type: 'charge',
      description: 'soak',
      referenceId: 'soak',
      idempotencyKey: `soak-fund-${i}`,
    });
    advertisers.push({ id: user.id, token: await signInAs(`soak${i}`) });
  }
  const result = await runSoak({ url: stack.url, seconds, operatorToken, advertisers, log: console.log });
  const outDir = join(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'soak.json'),
    `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
  failed =
    result.serverErrors.length > 0 ||
    result.ledger.drifted > 0 ||
    result.ledger.failed > 0 ||
    result.counterMismatches.length > 0 ||
    result.notifications.mismatches.length > 0 ||
    result.chat.mismatches.length > 0 ||
    result.announcements.mismatches.length > 0;
  console.log(failed ? 'soak: FAILED' : 'soak: passed');
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
