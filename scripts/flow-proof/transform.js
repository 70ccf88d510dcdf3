'use strict';
// The before-transform of the flow proof (TypeScript's transformer API, run by transpileModule):
//  - every call `callee(args)` becomes __fp.f(file, line, callee, [args]), `obj.name(args)` becomes
//    __fp.m(file, line, obj, "name", [args]) and `new C(args)` __fp.n(file, line, C, [args]), LINE
//    being the original line of the callee's name: runtime.js keeps the logical call stack with them;
//  - every `return` of a flow function itself (not of the functions nested in it) becomes
//    `return __fp.ret(key, line, value)`, its body ends with __fp.ret(key, line-of-closing-brace) and
//    an expression-bodied arrow's body becomes __fp.ret(key, line-of-body, body);
//  - `exports.__flowProofScope` (not enumerable) gets a getter for every top-level function, variable and class, so
//    that the harness reaches the ones the file does not export.
// It also reports the line of the name and the parameter names of every top-level function,
// `const f = () => …`, and method of a top-level class or object literal, by qualified name (`f`,
// `Owner.method`).

function createTransformer(ts, { file, flowNames, names }) {
  const K = ts.SyntaxKind;
  return (context) => {
    const fy = context.factory;
    return (sf) => {
      const lineAt = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
      const startLine = (node) => lineAt(node.getStart(sf));
      const flowNodes = new Map(); // function-like node -> flow key
      const scope = []; // [{name, exported}]

      const unwrap = (e) => {
        while (
          e &&
          (ts.isParenthesizedExpression(e) ||
            ts.isAsExpression(e) ||
            ts.isNonNullExpression(e) ||
            (ts.isTypeAssertionExpression && ts.isTypeAssertionExpression(e)) ||
            (ts.isSatisfiesExpression && ts.isSatisfiesExpression(e)))
        ) {
          e = e.expression;
        }
        return e;
      };
      const functionOf = (e) => {
        const u = unwrap(e);
        return u && (ts.isArrowFunction(u) || ts.isFunctionExpression(u)) ? u : null;
      };
      const memberName = (name) => {
        if (!name) return null;
        if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
        return null; // computed and private names
      };
      const isExported = (node) => !!(node.modifiers && node.modifiers.some((m) => m.kind === K.ExportKeyword));
      const parameterNames = (fnNode) =>
        fnNode.parameters.map((p, i) => (ts.isIdentifier(p.name) ? p.name.text : `argument ${i + 1}`));
      const declare = (qualified, nameNode, fnNode) => {
        if (!names.has(qualified)) names.set(qualified, { line: startLine(nameNode), parameters: fnNode ? parameterNames(fnNode) : [] });
        if (fnNode && flowNames.has(qualified)) flowNodes.set(fnNode, `${file}#${qualified}`);
      };
      const declareMembers = (owner, members) => {
        for (const member of members) {
          const name = memberName(member.name);
          if (name === null) continue;
          if (ts.isMethodDeclaration(member)) declare(`${owner}.${name}`, member.name, member);
          else if ((ts.isPropertyAssignment(member) || ts.isPropertyDeclaration(member)) && functionOf(member.initializer)) {
            declare(`${owner}.${name}`, member.name, functionOf(member.initializer));
          }
        }
      };

      for (const st of sf.statements) {
        if (ts.isFunctionDeclaration(st) && st.name) {
          declare(st.name.text, st.name, st);
          scope.push({ name: st.name.text, exported: false });
        } else if (ts.isClassDeclaration(st) && st.name) {
          scope.push({ name: st.name.text, exported: false });
          declareMembers(st.name.text, st.members);
        } else if (ts.isVariableStatement(st)) {
          const exported = isExported(st);
          for (const decl of st.declarationList.declarations) {
            if (!ts.isIdentifier(decl.name)) continue;
            const name = decl.name.text;
            scope.push({ name, exported });
            const fn = functionOf(decl.initializer);
            if (fn) declare(name, decl.name, fn);
            else {
              const init = unwrap(decl.initializer);
              if (init && ts.isObjectLiteralExpression(init)) declareMembers(name, init.properties);
            }
          }
        }
      }

      const fp = (name) => fy.createPropertyAccessExpression(fy.createIdentifier('__fp'), name);
      const num = (v) => fy.createNumericLiteral(v);
      const str = (v) => fy.createStringLiteral(v);
      const retCall = (key, line, value) => fy.createCallExpression(fp('ret'), undefined, [str(key), num(line), value]);

      let flow = null; // the key of the flow function whose own body is being visited

      const isInnerChainLink = (node) => {
        if (!(node.flags & ts.NodeFlags.OptionalChain)) return false;
        const p = node.parent;
        return !!(
          p &&
          p.flags & ts.NodeFlags.OptionalChain &&
          (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p) || ts.isCallExpression(p) || ts.isNonNullExpression(p)) &&
          p.expression === node
        );
      };

      const visitCall = (node) => {
        const callee = node.expression;
        if (
          callee.kind === K.SuperKeyword ||
          callee.kind === K.ImportKeyword ||
          (node.parent && ts.isDecorator(node.parent)) ||
          isInnerChainLink(node)
        ) {
          return ts.visitEachChild(node, visit, context);
        }
        const args = fy.createArrayLiteralExpression(node.arguments.map((a) => ts.visitNode(a, visit)));
        const inner = unwrap(callee);
        let flags = node.questionDotToken ? 2 : 0;
        if (ts.isPropertyAccessExpression(inner) && !ts.isPrivateIdentifier(inner.name) && inner.expression.kind !== K.SuperKeyword) {
          if (inner.questionDotToken || ts.isOptionalChain(inner.expression)) flags |= 1;
          const obj = ts.visitNode(inner.expression, visit);
          return fy.createCallExpression(fp('m'), undefined, [str(file), num(startLine(inner.name)), obj, str(inner.name.text), args, num(flags)]);
        }
        if (ts.isElementAccessExpression(inner) && inner.expression.kind !== K.SuperKeyword) {
          if (inner.questionDotToken || ts.isOptionalChain(inner.expression)) flags |= 1;
          const obj = ts.visitNode(inner.expression, visit);
          const key = ts.visitNode(inner.argumentExpression, visit);
          return fy.createCallExpression(fp('m'), undefined, [str(file), num(startLine(inner.argumentExpression)), obj, key, args, num(flags)]);
        }
        if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
          return ts.visitEachChild(node, visit, context); // super.x(), this.#x(): left as they are
        }
        const fn = ts.visitNode(callee, visit);
        return fy.createCallExpression(fp('f'), undefined, [str(file), num(startLine(inner)), fn, args, num(flags)]);
      };

      const visit = (node) => {
        if (ts.isFunctionLike(node)) {
          const saved = flow;
          flow = flowNodes.get(node) || null;
          const out = ts.visitEachChild(node, visit, context);
          flow = saved;
          return out;
        }
        const parent = node.parent;
        if (flow && parent && flowNodes.get(parent) === flow && parent.body === node) {
          if (ts.isBlock(node)) {
            const block = ts.visitEachChild(node, visit, context);
            const endLine = lineAt(node.getEnd() - 1);
            return fy.updateBlock(block, [...block.statements, fy.createExpressionStatement(retCall(flow, endLine, fy.createVoidZero()))]);
          }
          // an arrow function's expression body
          const line = startLine(node);
          const key = flow;
          flow = null; // the body is not a return statement of its own: nothing inside it is
          const body = visitExpression(node);
          flow = key;
          return retCall(key, line, body);
        }
        if (flow && ts.isReturnStatement(node)) {
          const value = node.expression ? ts.visitNode(node.expression, visit) : fy.createVoidZero();
          return fy.updateReturnStatement(node, retCall(flow, startLine(node), value));
        }
        return visitExpression(node);
      };

      const visitExpression = (node) => {
        if (ts.isCallExpression(node)) return visitCall(node);
        if (ts.isNewExpression(node) && !ts.isDecorator(node.parent)) {
          const args = fy.createArrayLiteralExpression((node.arguments || []).map((a) => ts.visitNode(a, visit)));
          const inner = unwrap(node.expression);
          const line = ts.isPropertyAccessExpression(inner) ? startLine(inner.name) : startLine(inner);
          return fy.createCallExpression(fp('n'), undefined, [str(file), num(line), ts.visitNode(node.expression, visit), args]);
        }
        return ts.visitEachChild(node, visit, context);
      };

      const visited = ts.visitEachChild(sf, visit, context);
      const header = fy.createVariableStatement(
        undefined,
        fy.createVariableDeclarationList(
          [fy.createVariableDeclaration('__fp', undefined, undefined, fy.createPropertyAccessExpression(fy.createIdentifier('globalThis'), '__flowProof'))],
          ts.NodeFlags.Const,
        ),
      );
      const getters = scope.map(({ name, exported }) =>
        fy.createPropertyAssignment(
          str(name),
          fy.createArrowFunction(
            undefined,
            undefined,
            [],
            undefined,
            fy.createToken(K.EqualsGreaterThanToken),
            exported ? fy.createPropertyAccessExpression(fy.createIdentifier('exports'), name) : fy.createIdentifier(name),
          ),
        ),
      );
      // Object.defineProperty(exports, "__flowProofScope", { value: {...}, configurable: true }):
      // not enumerable, so that `export * from` does not copy it into another module's exports.
      const footer = fy.createExpressionStatement(
        fy.createCallExpression(fy.createPropertyAccessExpression(fy.createIdentifier('Object'), 'defineProperty'), undefined, [
          fy.createIdentifier('exports'),
          str('__flowProofScope'),
          fy.createObjectLiteralExpression([
            fy.createPropertyAssignment('value', fy.createObjectLiteralExpression(getters, false)),
            fy.createPropertyAssignment('configurable', fy.createTrue()),
          ]),
        ]),
      );
      return fy.updateSourceFile(visited, [header, ...visited.statements, footer]);
    };
  };
}

module.exports = { createTransformer };
