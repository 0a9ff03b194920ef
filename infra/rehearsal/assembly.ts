import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The cloud assembly `cdk synth` writes: every stack's template and the function assets it uploads.
 * The rehearsal reads only this (never the route or schedule tables), so it sees what would deploy.
 */
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- CloudFormation JSON

export interface Resource {
  Type: string;
  Properties?: Json;
  Metadata?: Record<string, Json>;
}

export interface StackTemplate {
  name: string;
  region: string;
  template: { Resources: Record<string, Resource>; Outputs?: Record<string, { Value: Json; Export?: Json }> };
}

export interface AssemblyFunction {
  stack: string;
  logicalId: string;
  /** POWERTOOLS_SERVICE_NAME for the product's functions (AppFunction), else the logical id. */
  name: string;
  runtime: string;
  handler: string;
  /** The asset directory CDK zips and uploads; undefined for inline code. */
  assetDir?: string;
  /** The handler file inside the asset (index.mjs for ours). */
  handlerFile?: string;
  memoryMb: number;
  timeoutSeconds: number;
  /** Whether it is one of the product's functions (AppFunction sets POWERTOOLS_SERVICE_NAME). */
  product: boolean;
}

export interface Assembly {
  dir: string;
  stacks: StackTemplate[];
  functions: AssemblyFunction[];
}

const run = promisify(execFile);

/** `cdk synth` with the real CLI (no credentials, no network), into `outdir`. */
export async function synthStage(opts: { projectRoot: string; stage: string; outdir: string }): Promise<string> {
  const { stderr } = await run('npx', ['cdk', 'synth', '--quiet', '-c', `stage=${opts.stage}`, '-o', opts.outdir], {
    cwd: opts.projectRoot,
    timeout: 180_000,
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`cdk synth failed:\n${error.stderr ?? error.message}`);
  });
  return stderr;
}

export function readAssembly(dir: string): Assembly {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const stacks: StackTemplate[] = [];
  for (const [name, artifact] of Object.entries(manifest.artifacts as Record<string, Json>)) {
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    const region = /^aws:\/\/[^/]+\/(.+)$/.exec(artifact.environment)?.[1] ?? 'us-east-1';
    const template = JSON.parse(readFileSync(path.join(dir, artifact.properties.templateFile), 'utf8'));
    stacks.push({ name, region: region === 'unknown-region' ? 'us-east-1' : region, template });
  }
  return { dir, stacks, functions: assemblyFunctions(dir, stacks) };
}

function assemblyFunctions(dir: string, stacks: StackTemplate[]): AssemblyFunction[] {
  const found: AssemblyFunction[] = [];
  for (const stack of stacks) {
    for (const [logicalId, res] of Object.entries(stack.template.Resources)) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const p = res.Properties ?? {};
      const service = p.Environment?.Variables?.POWERTOOLS_SERVICE_NAME;
      const assetPath = res.Metadata?.['aws:asset:path'];
      const assetDir = typeof assetPath === 'string' ? path.join(dir, assetPath) : undefined;
      const handler = String(p.Handler ?? 'index.handler');
      const base = handler.slice(0, handler.lastIndexOf('.'));
      const handlerFile =
        assetDir &&
        ['.mjs', '.js', '.cjs'].map((ext) => `${base}${ext}`).find((f) => existsSync(path.join(assetDir, f)));
      found.push({
        stack: stack.name,
        logicalId,
        name: typeof service === 'string' ? service : logicalId,
        runtime: String(p.Runtime ?? ''),
        handler,
        assetDir,
        handlerFile,
        memoryMb: Number(p.MemorySize ?? 128),
        timeoutSeconds: Number(p.Timeout ?? 3),
        product: typeof service === 'string',
      });
    }
  }
  return found;
}

/**
 * Lambda's Node runtime offers the AWS SDK v3 and nothing else outside the zip. The assembly gets a
 * node_modules with only @aws-sdk (linked to this project's copy), so a bundle that needs any other
 * package from the source tree fails to load here as it would on Lambda.
 */
export function provideRuntimeModules(dir: string, projectRoot: string): void {
  const target = path.join(dir, 'node_modules', '@aws-sdk');
  if (existsSync(target)) return;
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(path.join(projectRoot, 'node_modules', '@aws-sdk'), target, 'dir');
}
