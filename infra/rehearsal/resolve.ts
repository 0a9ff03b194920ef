import type { Json, StackTemplate } from './assembly';

/** The account the rehearsal pretends to deploy to (ARNs in templates and recorded calls use it). */
export const REHEARSAL_ACCOUNT = '123456789012';

/**
 * Resolves CloudFormation values (Ref, Fn::GetAtt, Fn::Join, Fn::GetStackOutput, …) to what they
 * would be after a deploy, with stand-in physical names: a table is named after its logical id, a
 * key or secret gets an ARN in REHEARSAL_ACCOUNT, an API gets an id. Deterministic, so the same
 * value resolved in an environment and in a policy matches as it would on AWS.
 */
export class Resolver {
  private readonly byName: Map<string, StackTemplate>;

  /** `runId` keeps tables of rehearsals sharing one DynamoDB Local apart. */
  public constructor(
    private readonly stacks: StackTemplate[],
    private readonly runId = 'r',
  ) {
    this.byName = new Map(stacks.map((s) => [s.name, s]));
  }

  public resolve(value: Json, stack: StackTemplate, where = ''): Json {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v, i) => this.resolve(v, stack, `${where}[${i}]`));
    const keys = Object.keys(value);
    if (keys.length !== 1 || !(keys[0] === 'Ref' || keys[0].startsWith('Fn::'))) {
      return Object.fromEntries(keys.map((k) => [k, this.resolve(value[k], stack, `${where}.${k}`)]));
    }
    const [fn] = keys;
    const arg = value[fn];
    switch (fn) {
      case 'Ref':
        return this.ref(String(arg), stack, where);
      case 'Fn::GetAtt': {
        const [id, attr] = Array.isArray(arg) ? arg : String(arg).split('.');
        return this.getAtt(id, attr, stack, where);
      }
      case 'Fn::Join': {
        const [sep, parts] = arg;
        return (this.resolve(parts, stack, where) as unknown[]).join(sep);
      }
      case 'Fn::Select': {
        const [index, list] = this.resolve(arg, stack, where);
        return list[Number(index)];
      }
      case 'Fn::Split': {
        const [sep, source] = this.resolve(arg, stack, where);
        return String(source).split(sep);
      }
      case 'Fn::Sub': {
        const [text, vars] = Array.isArray(arg) ? arg : [arg, {}];
        return String(text).replace(/\$\{([^}!][^}]*)\}/g, (_m, name: string) => {
          if (vars && name in vars) return String(this.resolve(vars[name], stack, where));
          const [id, attr] = name.split('.');
          return String(attr ? this.getAtt(id, attr, stack, where) : this.ref(id, stack, where));
        });
      }
      case 'Fn::GetStackOutput': {
        const producer = this.stack(arg.StackName, where);
        const output = producer.template.Outputs?.[arg.OutputName];
        if (!output) throw new Error(`${where}: ${arg.StackName} has no output ${arg.OutputName}`);
        return this.resolve(output.Value, producer, where);
      }
      case 'Fn::ImportValue': {
        const name = this.resolve(arg, stack, where);
        for (const s of this.stacks)
          for (const output of Object.values(s.template.Outputs ?? {}))
            if (output.Export && this.resolve(output.Export.Name, s, where) === name)
              return this.resolve(output.Value, s, where);
        throw new Error(`${where}: no stack exports ${name}`);
      }
      default:
        throw new Error(`${where}: the rehearsal cannot resolve ${fn}`);
    }
  }

  public stack(name: string, where = ''): StackTemplate {
    const found = this.byName.get(name);
    if (!found) throw new Error(`${where}: no stack ${name} in the assembly`);
    return found;
  }

  /** The DynamoDB table name a template's table resolves to. */
  public tableName(stack: StackTemplate, logicalId: string): string {
    return `${stack.name}-${logicalId}-${this.runId}`;
  }

  public apiId(logicalId: string): string {
    return logicalId
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
  }

  private arn(stack: StackTemplate, service: string, resource: string, region = stack.region) {
    return `arn:aws:${service}:${region}:${REHEARSAL_ACCOUNT}:${resource}`;
  }

  private resource(id: string, stack: StackTemplate, where: string) {
    const res = stack.template.Resources[id];
    if (!res) throw new Error(`${where}: ${stack.name} has no resource ${id}`);
    return res;
  }

  private ref(id: string, stack: StackTemplate, where: string): string {
    switch (id) {
      case 'AWS::AccountId':
        return REHEARSAL_ACCOUNT;
      case 'AWS::Region':
        return stack.region;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.name;
      case 'AWS::NoValue':
        return '';
    }
    const res = this.resource(id, stack, where);
    switch (res.Type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table':
        return this.tableName(stack, id);
      case 'AWS::SecretsManager::Secret':
        return this.arn(stack, 'secretsmanager', `secret:${id}-AbCdEf`);
      case 'AWS::KMS::Key':
        return `key-${id}`;
      case 'AWS::ApiGatewayV2::Api':
        return this.apiId(id);
      case 'AWS::Lambda::Function':
        return `${stack.name}-${id}`;
      case 'AWS::S3::Bucket':
        return res.Properties?.BucketName ? this.resolve(res.Properties.BucketName, stack, where) : id.toLowerCase();
      case 'AWS::SQS::Queue':
        return `https://sqs.${stack.region}.amazonaws.com/${REHEARSAL_ACCOUNT}/${stack.name}-${id}`;
      default:
        return `${stack.name}-${id}`;
    }
  }

  private getAtt(id: string, attr: string, stack: StackTemplate, where: string): string {
    const res = this.resource(id, stack, where);
    const name = this.ref(id, stack, where);
    switch (`${res.Type}.${attr}`) {
      case 'AWS::DynamoDB::GlobalTable.Arn':
      case 'AWS::DynamoDB::Table.Arn':
        return this.arn(stack, 'dynamodb', `table/${name}`);
      case 'AWS::KMS::Key.Arn':
        return this.arn(stack, 'kms', `key/${name}`);
      case 'AWS::Lambda::Function.Arn':
        return this.arn(stack, 'lambda', `function:${name}`);
      case 'AWS::ApiGatewayV2::Api.ApiEndpoint':
        return `https://${name}.execute-api.${stack.region}.amazonaws.com`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${name}`;
      case 'AWS::SQS::Queue.Arn':
        return this.arn(stack, 'sqs', `${stack.name}-${id}`);
      case 'AWS::SNS::Topic.TopicArn':
        return this.arn(stack, 'sns', `${stack.name}-${id}`);
      case 'AWS::IAM::Role.Arn':
        return `arn:aws:iam::${REHEARSAL_ACCOUNT}:role/${name}`;
      default:
        return `${name}.${attr}`;
    }
  }
}
