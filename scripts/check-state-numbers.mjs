// Refuses comparing a stored status, state or type with a bare number in production source: `to === 7`,
// `stockType !== 2` (or `'2'` from a form), `case 3:` in a switch over a state, `eq(orders.status, 0)`,
// `{ priceType: 2 }`. The names live in `@vitrin/shared` (ORDER_STATE, STOCK_TYPE, PRICE_TYPE, PAGE_TYPE).
// Numbers of 100 and more are HTTP statuses and pass. A line may keep its number with a comment saying why,
// on it or just above:
//   // state-number: <why>
// Run by `npm run lint`; prints file:line and exits 1 when something is refused.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '..');
export const MARKER = 'state-number:';

/** Names of values that hold a stored code: `status`, `toStatus`, `stockType`, `price_type`, `state`, `kind`… */
const CODE_NAME = /(status|state|type|kind)$/i;
/** Property names that hold an order state in an order change (`changed.to`, `change.from`) or a state's `code`. */
const CODE_PROPERTY = /^(to|from|code)$/;
/** Call names whose second argument is compared with the first (drizzle). */
const COMPARING_CALLS = new Set(['eq', 'ne', 'inArray', 'notInArray']);

const isSmallNumber = (node) =>
  (ts.isNumericLiteral(node) && Number(node.text) < 100) ||
  // A form's value: `stockType === '2'`.
  (ts.isStringLiteral(node) && /^\d{1,2}$/.test(node.text)) ||
  (ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand));

/**
 * Whether an expression names a stored code (by its last name). A bare `from` or `to` is an order state in a
 * file that reads the order states (elsewhere it is often a page number).
 */
function namesCode(node, orderFile) {
  if (ts.isParenthesizedExpression(node)) return namesCode(node.expression, orderFile);
  if (ts.isNonNullExpression(node)) return namesCode(node.expression, orderFile);
  if (ts.isIdentifier(node)) {
    return CODE_NAME.test(node.text) || node.text === 'code' || (orderFile && CODE_PROPERTY.test(node.text));
  }
  if (ts.isPropertyAccessExpression(node)) {
    const name = node.name.text;
    return CODE_NAME.test(name) || CODE_PROPERTY.test(name);
  }
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
    return CODE_NAME.test(node.argumentExpression.text);
  }
  return false;
}

const propertyName = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Every bare-number comparison of a code in one source text: `{ line, text, allowed }` (line from 1). */
export function findStateNumbers(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const orderFile = text.includes('order-states');
  const named = (node) => namesCode(node, orderFile);
  const found = [];
  const report = (node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const allowed = lines[line].includes(MARKER) || (line > 0 && lines[line - 1].includes(MARKER));
    found.push({ line: line + 1, text: node.getText(source).split('\n')[0].slice(0, 100), allowed });
  };
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if ((isSmallNumber(node.right) && named(node.left)) || (isSmallNumber(node.left) && named(node.right)))
        report(node);
    } else if (ts.isSwitchStatement(node) && named(node.expression)) {
      for (const clause of node.caseBlock.clauses) {
        if (ts.isCaseClause(clause) && isSmallNumber(clause.expression)) report(clause);
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      COMPARING_CALLS.has(node.expression.text) &&
      node.arguments.length === 2 &&
      named(node.arguments[0])
    ) {
      const value = node.arguments[1];
      if (
        isSmallNumber(value) ||
        (ts.isArrayLiteralExpression(value) && value.elements.some((e) => isSmallNumber(e)))
      )
        report(node);
    } else if (
      ts.isPropertyAssignment(node) &&
      isSmallNumber(node.initializer) &&
      CODE_NAME.test(propertyName(node.name) ?? '')
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const SOURCE_ROOTS = ['apps/admin/src', 'apps/server/src', 'apps/web/src', 'apps/web/app', 'packages'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'testing', 'migrations']);

/** Production source: apps/*\/src, apps/web/app, packages/*\/src; no tests, no test helpers. */
export function productionFiles(base = root) {
  const files = [];
  const walk = (dir, inSrc) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(full, inSrc || entry.name === 'src');
      } else if (
        inSrc &&
        /\.tsx?$/.test(entry.name) &&
        !/\.d\.ts$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/(^|[-.])(test-helpers?|fixtures?)\.tsx?$/.test(entry.name)
      ) {
        files.push(full);
      }
    }
  };
  for (const dir of SOURCE_ROOTS) walk(path.join(base, dir), dir !== 'packages');
  return files.sort();
}

/** All findings of the production source, each with its path relative to the root. */
export function scan(base = root) {
  return productionFiles(base).flatMap((file) =>
    findStateNumbers(file, readFileSync(file, 'utf8')).map((f) => ({
      ...f,
      file: path.relative(base, file),
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = scan();
  const refused = found.filter((f) => !f.allowed);
  for (const f of refused) console.log(`${f.file}:${f.line}  ${f.text}`);
  if (refused.length > 0) {
    console.log(
      `\n${refused.length} comparison(s) of a status, state or type with a bare number: use the names of ` +
        `@vitrin/shared (ORDER_STATE, STOCK_TYPE, PRICE_TYPE, PAGE_TYPE), or say why with "// ${MARKER} <why>".`,
    );
    process.exit(1);
  }
  console.log(`state numbers: none refused (${found.length} kept with a comment saying why)`);
}
