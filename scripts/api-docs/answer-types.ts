import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The answer type one route names in `answerOf<...>()`, and where each type it mentions is declared. */
export interface AnswerType {
  /** The type as written in the route file, on one line. */
  text: string;
  /** Named types in it that the repository declares: name → repository-relative file. */
  declaredIn: Array<{ name: string; file: string }>;
}

const prop = (obj: ts.ObjectLiteralExpression, name: string) =>
  obj.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
  )?.initializer;

/**
 * Reads every route file of the contract with the compiler API: `answer` is a phantom type with no
 * runtime value, so its name exists only in the source. Keyed by route key (`GET /api/slots`).
 */
export function readAnswerTypes(root: string): Map<string, AnswerType> {
  const dir = join(root, 'shared/contract/routes');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const answers = new Map<string, AnswerType>();

  const declaredIn = (typeNode: ts.TypeNode): AnswerType['declaredIn'] => {
    const found: AnswerType['declaredIn'] = [];
    const visit = (node: ts.Node) => {
      if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
        let symbol = checker.getSymbolAtLocation(node.typeName);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
        const name = node.typeName.text;
        if (file && !file.includes('node_modules') && !found.some((f) => f.name === name))
          found.push({ name, file: relative(root, file) });
      }
      ts.forEachChild(node, visit);
    };
    visit(typeNode);
    return found;
  };

  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const method = prop(node, 'method');
        const path = prop(node, 'path');
        const answer = prop(node, 'answer');
        if (method && path && answer && ts.isStringLiteral(method) && ts.isStringLiteral(path)) {
          const typeNode = ts.isCallExpression(answer) ? answer.typeArguments?.[0] : undefined;
          if (!typeNode) throw new Error(`${relative(root, file)}: ${method.text} ${path.text} has no answerOf<T>()`);
          answers.set(`${method.text} ${path.text}`, {
            text: typeNode.getText(source).replace(/\s+/g, ' '),
            declaredIn: declaredIn(typeNode),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return answers;
}
