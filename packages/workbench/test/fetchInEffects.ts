/**
 * Finds data fetching inside React effects in a source file: an SDK call (`api.x(…)`,
 * `shell.api`, `load(api)`, `createTezgahApi`, `fetch(…)`) in a `useEffect`/`useLayoutEffect` body, directly or
 * through a function of the same file that makes one (`useEffect(() => { void load(); })`).
 * Reads belong to the data layer (`useApiQuery` & co., ../data/hooks); the test next to this file
 * keeps the plugins to that.
 */
import ts from 'typescript';

// An SDK call, the SDK handed to a loader (`load(api)`, `load(shell, key)`), a client made on the spot, fetch itself.
const FETCH = /\bapi\.[A-Za-z_$][\w$]*|\bshell\.api\b|[(,]\s*(?:shell|api)\s*[,)]|\bcreateTezgahApi\s*\(|(?<![\w$.])fetch\s*\(/;
const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);

function calleeName(call: ts.CallExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

/** The names of the file's functions (declared, arrow or useCallback-wrapped) that fetch, directly or through each other. */
function fetchingFunctions(file: ts.SourceFile): Set<string> {
  const bodies = new Map<string, ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) bodies.set(node.name.text, node.body);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) bodies.set(node.name.text, init.body);
      else if (ts.isCallExpression(init) && calleeName(init) === 'useCallback' && init.arguments[0]) bodies.set(node.name.text, init.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const fetching = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, body] of bodies) {
      if (!fetching.has(name) && fetches(body, file, fetching)) {
        fetching.add(name);
        grew = true;
      }
    }
  }
  return fetching;
}

function fetches(node: ts.Node, file: ts.SourceFile, fetching: ReadonlySet<string>): boolean {
  if (FETCH.test(node.getText(file))) return true;
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && fetching.has(n.expression.text)) found = true;
    // A function passed along (`.then(load)`, `setTimeout(load)`) is called too.
    else if (ts.isIdentifier(n) && fetching.has(n.text) && n.parent && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n as ts.Expression)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The 1-based lines of the effects in `source` that fetch. */
export function fetchInEffects(fileName: string, source: string): number[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const fetching = fetchingFunctions(file);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && EFFECTS.has(calleeName(node) ?? '') && node.arguments[0] && fetches(node.arguments[0], file, fetching)) {
      lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}
