import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Issue 42: "every React component over 300 lines" is split into smaller components and hooks. */
const MAX_COMPONENT_LINES = 300;

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

interface ComponentSize {
  name: string;
  file: string;
  line: number;
  lines: number;
}

function listComponentFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listComponentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

function isComponentName(name: string | undefined): name is string {
  return name !== undefined && /^[A-Z]/.test(name);
}

/**
 * The name a function is known by: its own name, or the variable it is assigned to, also through
 * a wrapper call such as `memo(...)` or `forwardRef(...)`.
 */
function componentNameOf(node: ts.FunctionLikeDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return node.name.text;
  let holder: ts.Node = node.parent;
  while (ts.isCallExpression(holder) || ts.isParenthesizedExpression(holder)) holder = holder.parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return holder.name.text;
  return undefined;
}

/** Every upper-case-named function or arrow of a file, at any nesting, with its length in lines. */
function measureComponents(file: string, text: string): ComponentSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const sizes: ComponentSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const name = componentNameOf(node);
      if (isComponentName(name)) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        sizes.push({ name, file, line: first + 1, lines: last - first + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

describe('component size', () => {
  it('measures declared, assigned and wrapped components at any nesting', () => {
    const text = [
      'export function Page() {',
      '  const Row = () => <tr />;',
      '  return <Row />;',
      '}',
      'const Card = memo(function Card() {',
      '  return null;',
      '});',
      'const Field = forwardRef((props, ref) => {',
      '  return null;',
      '});',
      'function helper() {',
      '  return 1;',
      '}',
    ].join('\n');
    const sizes = measureComponents('x.tsx', text).map(({ name, line, lines }) => `${name}@${line}:${lines}`);
    expect(sizes).toEqual(['Page@1:4', 'Row@2:1', 'Card@5:3', 'Field@8:3']);
  });

  it(`keeps every React component in apps/web/src within ${MAX_COMPONENT_LINES} lines`, () => {
    const tooLong = listComponentFiles(sourceRoot)
      .flatMap((file) => measureComponents(relative(sourceRoot, file), readFileSync(file, 'utf8')))
      .filter((size) => size.lines > MAX_COMPONENT_LINES)
      .map((size) => `${size.file}:${size.line} ${size.name} is ${size.lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
