import type { UnrehearsedGrant } from '../unrehearsed-grants';
import { globMatch } from './iam';

/** A function's granted actions and those no rehearsed call used, named `<stack>/<function>` (`Api/cash`). */
export interface GrantUse {
  fn: string;
  granted: readonly string[];
  unused: readonly string[];
}

const GRANT_LIST_FILE = 'infra/unrehearsed-grants.ts';

/**
 * Least privilege by use: every granted action must have been used by some rehearsed call or be on
 * the list with its reason; a list entry that no longer matches a grant is stale and fails too, so
 * the list cannot keep a grant alive after its code is gone. One line per finding.
 */
export function grantFindings(uses: readonly GrantUse[], listed: readonly UnrehearsedGrant[]): string[] {
  const findings: string[] = [];
  const isListed = (fn: string, action: string) =>
    listed.some((l) => l.functions.includes(fn) && l.actions.some((a) => globMatch(a, action, true)));
  for (const use of uses)
    for (const action of use.unused)
      if (!isListed(use.fn, action))
        findings.push(
          `${use.fn} is granted ${action}, which no rehearsed call used: remove it from the function's declaration or list it with its reason in ${GRANT_LIST_FILE}`,
        );
  for (const entry of listed)
    for (const fn of entry.functions)
      for (const action of entry.actions) {
        const use = uses.find((u) => u.fn === fn);
        if (!use || !use.granted.some((a) => globMatch(action, a, true)))
          findings.push(`${GRANT_LIST_FILE} lists ${action} for ${fn}, which its policy does not grant`);
      }
  return findings;
}
