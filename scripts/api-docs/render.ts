import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { routes, routeKey, type Access, type RouteContract } from '#shared/contract/index';
import { statusOfCode, type ErrorCode } from '#shared/api';
import { accessMessages } from '#shared/messages/access';
import { commonMessages } from '#shared/messages/common';
import { maintenanceText } from '#shared/messages/settings';
import { rankAuthMessages } from '#shared/messages/rank-auth';
import { MAX_JSON_DEPTH } from '#commons/json-depth';
import { MAX_REQUEST_BODY_BYTES } from '../../functions/http/api-handler';
import { KEY_WAIT_MS } from '../../functions/domain/idempotency/request-keys';
import { readAnswerTypes, type AnswerType } from './answer-types';
import { fieldsOf, pageSizesOf, type FieldRow } from './input-fields';
import { groupNotes, routeNotes, type RouteError, type RouteNote } from './route-notes';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const docPath = join(root, 'docs/api.md');

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
const quote = (text: string) => `'${text}'`;

const who: Record<Access, string> = {
  public: 'anyone, signed in or not',
  user: 'any signed-in account (user, operator, developer)',
  operator: 'operators and developers',
  developer: 'developers only',
  worker: 'a rank-check worker: its API key in `x-api-key` (a person’s token is refused)',
};

function whoMayCall(r: RouteContract): string {
  const words = [who[r.access]];
  if (r.maintenance === 'open') words.push('open during maintenance');
  if (r.session === 'actorOnly')
    words.push('only the session and the acting developer must be live, not the account acted as');
  return words.join('; ');
}

/** The errors the adapter gives before a route's op runs, from its access, input and method: short, the Common errors table says more. */
function commonErrors(r: RouteContract): string[] {
  const codes: string[] = [];
  if (r.input) codes.push('400 `VALIDATION`');
  if (r.access === 'worker')
    codes.push(
      '401 `UNAUTHORIZED` (no key, or an unknown or revoked one)',
      `403 \`FORBIDDEN\` for a person’s token${r.forbidden ? ` ${quote(r.forbidden)}` : ''}`,
    );
  else if (r.access !== 'public') codes.push('401 `UNAUTHORIZED`');
  if (r.access === 'operator' || r.access === 'developer')
    codes.push(
      `403 \`FORBIDDEN\` for ${r.access === 'operator' ? 'a role user' : 'users and operators'} ${quote(
        r.forbidden ?? (r.access === 'operator' ? accessMessages.operatorsOnly : accessMessages.developersOnly),
      )}`,
    );
  // A signed-in caller's keyed write waits for the same request still running (middleware/idempotency.ts).
  if (r.method !== 'GET' && r.access !== 'worker' && r.access !== 'public')
    codes.push('409 `CONFLICT` (the same keyed request still running)');
  if (r.input?.body) codes.push('413 `PAYLOAD_TOO_LARGE`');
  if (r.method !== 'GET' && r.access !== 'worker') codes.push('422 `IDEMPOTENCY_MISMATCH`');
  // The rank worker keeps posting through maintenance (functions/http/middleware/maintenance.ts).
  const ordinaryCallers = r.access === 'public' || r.access === 'user';
  if (r.method !== 'GET' && r.maintenance !== 'open' && ordinaryCallers) codes.push('503 `MAINTENANCE`');
  return codes;
}

function domainError(e: RouteError): string {
  const text = e.text === undefined ? '' : `: ${quote(e.text)}`;
  return `  - ${e.status ?? statusOfCode[e.code]} \`${e.code}\` ${e.when}${text}`;
}

function errorLines(r: RouteContract, own: RouteError[]): string {
  const sorted = own
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.status ?? statusOfCode[a.e.code]) - (b.e.status ?? statusOfCode[b.e.code]) || a.i - b.i)
    .map(({ e }) => domainError(e));
  const common = commonErrors(r);
  const head = common.length
    ? `- **Errors:** ${common.join(', ')} ([common errors](#common-errors))${sorted.length ? '; and:' : '.'}`
    : `- **Errors:** ${sorted.length ? 'the [common errors](#common-errors), and:' : 'only the [common errors](#common-errors) every route shares.'}`;
  return [head, ...sorted].join('\n');
}

/** The Common errors table: what each adapter error means, once. */
function commonErrorTable(): string {
  const rows: Array<[ErrorCode, string]> = [
    [
      'VALIDATION',
      `a field fails its schema (the headline names the field in Korean, \`details\` lists \`{field, label, message}\`), the body is not JSON (${quote(commonMessages.invalidJson)}) or nests deeper than ${MAX_JSON_DEPTH}, or a bad \`Idempotency-Key\` header (${quote(commonMessages.idempotencyKeyInvalid)})`,
    ],
    [
      'UNAUTHORIZED',
      `no token (${quote(accessMessages.noToken)}), or an expired token, an ended session, or an account deactivated or deleted since (${quote(accessMessages.sessionExpired)}). Worker routes: no key (${quote(rankAuthMessages.workerKeyMissing)}), an unknown or revoked one (${quote(rankAuthMessages.workerKeyUnknown)})`,
    ],
    [
      'FORBIDDEN',
      `the caller's current role falls short (the text is the route's), a person's token on a worker route (${quote(rankAuthMessages.workerRouteForUsers)}), or, on every route, a request that did not come through CloudFront (${quote(commonMessages.originRefused)}; cloud only)`,
    ],
    ['NOT_FOUND', `no such route (${quote(commonMessages.routeNotFound)})`],
    [
      'CONFLICT',
      `on a signed-in non-GET call: the same request with the same \`Idempotency-Key\` is still running after this one waited ${KEY_WAIT_MS / 1000} s for its answer (${quote(commonMessages.requestInProgress)}); sent again later, it hears that answer. Routes list their own conflicts too`,
    ],
    [
      'PAYLOAD_TOO_LARGE',
      `a body over ${MAX_REQUEST_BODY_BYTES / 1024 / 1024} MB (${quote(commonMessages.payloadTooLarge)}); API Gateway itself refuses over 6 MB`,
    ],
    [
      'IDEMPOTENCY_MISMATCH',
      `a signed-in caller's \`Idempotency-Key\` already answered another request; nothing is done (${quote(commonMessages.idempotencyKeyReused)})`,
    ],
    ['THROTTLED', `on every route when the table stays busy, with \`Retry-After\` (${quote(commonMessages.busy)})`],
    ['INTERNAL', `anything unexpected, never with internals (${quote(commonMessages.internal)})`],
    [
      'MAINTENANCE',
      `\`maintenanceMode\` is on and a non-GET call comes from a role user (not a developer acting as one) or nobody signed in, or goes to a public route (signing up) whoever calls, on a route not open during maintenance (${quote(maintenanceText)})`,
    ],
  ];
  return table(
    ['Status', 'Code', 'When'],
    rows.map(([code, when]) => [String(statusOfCode[code]), `\`${code}\``, when]),
  );
}

function fieldTable(rows: FieldRow[]): string {
  return table(
    ['Field', 'Type', 'Required', 'Rules', 'Label'],
    rows.map((f) => [`\`${f.name}\``, f.type, f.required ? 'yes' : '', f.rules.join(', '), f.label ?? '']),
  );
}

function answerLine(a: AnswerType): string {
  const links = a.declaredIn.map((d) => `[\`${d.name}\`](../${d.file})`);
  return `\`${a.text}\`${links.length ? ` (${links.join(', ')})` : ''}`;
}

const anchor = (group: string) => `#${group.toLowerCase()}`;

function renderRoute(r: RouteContract, answer: AnswerType): string {
  const key = routeKey(r);
  const note: RouteNote = (routeNotes as Record<string, RouteNote>)[key];
  const parts: string[] = [`### \`${key}\``, note.summary];
  const limits: string[] = [];
  if (r.input?.body) limits.push(`body ≤ ${MAX_REQUEST_BODY_BYTES / 1024 / 1024} MB`);
  const sizes = r.input?.query && pageSizesOf(r.input.query);
  if (sizes) limits.push(`page sizes (\`limit\`): ${sizes}`);
  limits.push(...(note.limits ?? []));
  parts.push(
    [
      `- **Who may call:** ${whoMayCall(r)}.`,
      `- **Answer** (\`data\` of the envelope): ${answerLine(answer)}`,
      ...(r.method !== 'GET' && note.idempotent ? [`- **Idempotency-Key:** ${note.idempotent}`] : []),
      ...(limits.length ? [`- **Limits:** ${limits.join('; ')}.`] : []),
      errorLines(r, note.errors ?? []),
      ...(note.notes ?? []).map((n) => `- ${n}`),
    ].join('\n'),
  );
  const inputs: Array<[string, RouteContract['input'] extends infer I ? keyof NonNullable<I> : never]> = [
    ['Path', 'path'],
    ['Query', 'query'],
    ['Body', 'body'],
  ];
  for (const [title, part] of inputs) {
    const schema = r.input?.[part];
    if (!schema) continue;
    const rows = fieldsOf(schema);
    parts.push(rows.length ? `${title}:\n\n${fieldTable(rows)}` : `${title}: none (an empty object).`);
  }
  if (note.inner) parts.push(`${note.inner.title}:\n\n${fieldTable(fieldsOf(note.inner.schema))}`);
  return parts.join('\n\n');
}

const header = `<!-- Generated by \`npm run docs:api\` from the contract (shared/contract) and scripts/api-docs/route-notes.ts:
edit those, never this file. test/unit/api-docs.test.ts fails when it is not current. -->

# API reference

Every \`/api\` route, group by group, as the contract in [\`shared/contract\`](../shared/contract) declares it: who
may call it, its input (read from its zod schemas), its answer type, the errors it can give and its limits.
One Lambda function serves each group (\`infra/api-groups.ts\`); local mode serves the same handlers.

## Conventions

- **Envelope**: success \`{ "success": true, "data": … }\`; failure \`{ "success": false, "error": "<Korean text>", "code": "<CODE>", "details"?: … }\` with the status of its code ([\`shared/api.ts\`](../shared/api.ts)). A 500 (\`INTERNAL\`) never carries internals.
- **Signing in:** \`Authorization: Bearer <accessToken>\` (an RS256 JWT, 15 minutes) from \`POST /api/auth/login\`; every signed-in request checks that the account is active now and its session live, and judges access by the account's current role. Worker routes take a rank-worker key in \`x-api-key\` instead.
- **Idempotency-Key:** a non-GET request may carry one (1–200 printable ASCII characters). A key is its caller's: the same header from another person is another key. The same signed-in caller sending the same request again with the same key gets the first successful answer (header \`idempotent-replayed: true\`); while the first is still running the second waits for that answer (up to ${KEY_WAIT_MS / 1000} s, then a 409); after a failure it runs again; the key with a different request is a 422. Answers that set a session or carry a secret (a new worker key) are never kept: the same request runs again. Money routes use it so a retry never moves money twice.
- **Input:** path, query and body are parsed with the route's zod schemas ([\`shared/schemas\`](../shared/schemas)); control characters, lone surrogates and bidi overrides are removed first. Bad input answers 400 and writes nothing.
- **Maintenance:** while \`maintenanceMode\` is on, a role user's (or an anonymous caller's) non-GET call answers 503 \`MAINTENANCE\`, except on routes marked open; reads go on, and operators, developers, a developer acting as a user and the rank worker keep working on signed-in routes (a public one such as signing up stays closed to every caller).
- **Dates** are Asia/Seoul calendar days; money is integer won.

| Access | Who may call |
| --- | --- |
${(Object.keys(who) as Access[]).map((a) => `| \`${a}\` | ${who[a]} |`).join('\n')}

## Common errors

What the adapter answers before a route's own code runs. Each route below lists which of these it can give, then
its own errors.

${commonErrorTable()}
`;

/** docs/api.md as the contract and the notes say it should read, formatted as Prettier keeps it. */
export async function renderApiDocs(): Promise<string> {
  const answers = readAnswerTypes(root);
  const groups = [...new Set(routes.map((r) => r.group))];
  const contents = groups
    .map(
      (g) =>
        `- [${g}](${anchor(g)}) (${routes.filter((r) => r.group === g).length} routes): ${groupNotes[g as keyof typeof groupNotes]}`,
    )
    .join('\n');
  const sections = groups.map((g) => {
    const body = routes
      .filter((r) => r.group === g)
      .map((r) => renderRoute(r, answers.get(routeKey(r))!))
      .join('\n\n');
    return `## ${g}\n\n${groupNotes[g as keyof typeof groupNotes]}\n\n${body}`;
  });
  const text = [header, `## Groups\n\n${contents}`, ...sections].join('\n\n') + '\n';
  const options = await prettier.resolveConfig(docPath);
  return prettier.format(text, { ...options, filepath: docPath });
}

export type { ErrorCode };
