import { inject } from 'vitest';
import { readAssembly, type Assembly } from '../../infra/rehearsal/assembly';
import { Rehearsal } from '../../infra/rehearsal/rehearsal';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { synthOutcome } from '../support/synth-outcome';

/** The synthesized citest stage (test/support/synth-global-setup.ts), read once per file. */
export async function assembly(): Promise<Assembly> {
  const { error } = await synthOutcome();
  if (error) throw new Error(error);
  return readAssembly(inject('assemblyDir'));
}

/** A rehearsal of `source` (a changed copy of the assembly in the failure tests), its own tables. */
export function rehearse(source: Assembly): Promise<Rehearsal> {
  return new Rehearsal(source, { dynamoEndpoint: inject('dynamoEndpoint'), viewerIpHeader: VIEWER_IP_HEADER }).start();
}

/** A copy of the assembly whose templates can be changed without touching the shared one. */
export const copyOf = (source: Assembly): Assembly => ({ ...source, stacks: structuredClone(source.stacks) });
