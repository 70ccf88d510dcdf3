/// The grammar's node kinds that granted-lint's code looks at: one case per kind, its raw value the
/// tree-sitter name (the same in the TypeScript and TSX grammars). Code asks `node.is(.callExpression)`
/// or switches over `node.nodeKind`; a kind name is never spelt as a string, so a misspelt kind does not
/// compile (and `NodeKindTests` checks every case against both grammars' symbol tables).
///
/// A kind the code does not name has no case: `Node.nodeKind` is nil for it.
public enum NodeKind: String, CaseIterable, Sendable {
    case abstractClassDeclaration = "abstract_class_declaration"
    case arguments = "arguments"
    case array = "array"
    case arrayPattern = "array_pattern"
    case arrow = "=>"
    case arrowFunction = "arrow_function"
    case asExpression = "as_expression"
    case assignmentExpression = "assignment_expression"
    case assignmentPattern = "assignment_pattern"
    case `async` = "async"
    case augmentedAssignmentExpression = "augmented_assignment_expression"
    case awaitExpression = "await_expression"
    case binaryExpression = "binary_expression"
    case breakStatement = "break_statement"
    case callExpression = "call_expression"
    case catchClause = "catch_clause"
    case `class` = "class"
    case classBody = "class_body"
    case classDeclaration = "class_declaration"
    case comma = ","
    case comment = "comment"
    case computedPropertyName = "computed_property_name"
    case continueStatement = "continue_statement"
    case doStatement = "do_statement"
    case elseClause = "else_clause"
    case emptyStatement = "empty_statement"
    case error = "ERROR"
    case exportClause = "export_clause"
    case exportSpecifier = "export_specifier"
    case exportStatement = "export_statement"
    case expressionStatement = "expression_statement"
    case `false` = "false"
    case finallyClause = "finally_clause"
    case forInStatement = "for_in_statement"
    case formalParameters = "formal_parameters"
    case forStatement = "for_statement"
    case functionDeclaration = "function_declaration"
    case functionExpression = "function_expression"
    case generatorFunction = "generator_function"
    case generatorFunctionDeclaration = "generator_function_declaration"
    case identifier = "identifier"
    case ifStatement = "if_statement"
    case `import` = "import"
    case importClause = "import_clause"
    case importRequireClause = "import_require_clause"
    case importSpecifier = "import_specifier"
    case importStatement = "import_statement"
    case jsxAttribute = "jsx_attribute"
    case jsxExpression = "jsx_expression"
    case jsxOpeningElement = "jsx_opening_element"
    case jsxSelfClosingElement = "jsx_self_closing_element"
    case labeledStatement = "labeled_statement"
    case lexicalDeclaration = "lexical_declaration"
    case memberExpression = "member_expression"
    case methodDefinition = "method_definition"
    case namedImports = "named_imports"
    case namespaceExport = "namespace_export"
    case namespaceImport = "namespace_import"
    case nestedTypeIdentifier = "nested_type_identifier"
    case newExpression = "new_expression"
    case nonNullExpression = "non_null_expression"
    case `null` = "null"
    case number = "number"
    case object = "object"
    case objectAssignmentPattern = "object_assignment_pattern"
    case objectPattern = "object_pattern"
    case optionalChain = "optional_chain"
    case optionalParameter = "optional_parameter"
    case pair = "pair"
    case pairPattern = "pair_pattern"
    case parenthesizedExpression = "parenthesized_expression"
    case privatePropertyIdentifier = "private_property_identifier"
    case program = "program"
    case propertyIdentifier = "property_identifier"
    case publicFieldDefinition = "public_field_definition"
    case questionDot = "?."
    case requiredParameter = "required_parameter"
    case restPattern = "rest_pattern"
    case returnStatement = "return_statement"
    case satisfiesExpression = "satisfies_expression"
    case sequenceExpression = "sequence_expression"
    case shorthandPropertyIdentifier = "shorthand_property_identifier"
    case shorthandPropertyIdentifierPattern = "shorthand_property_identifier_pattern"
    case spreadElement = "spread_element"
    case statementBlock = "statement_block"
    case string = "string"
    case subscriptExpression = "subscript_expression"
    case switchBody = "switch_body"
    case switchCase = "switch_case"
    case switchDefault = "switch_default"
    case switchStatement = "switch_statement"
    case templateString = "template_string"
    case templateSubstitution = "template_substitution"
    case ternaryExpression = "ternary_expression"
    case `this` = "this"
    case throwStatement = "throw_statement"
    case `true` = "true"
    case tryStatement = "try_statement"
    case `type` = "type"
    case typeAssertion = "type_assertion"
    case typeIdentifier = "type_identifier"
    case unaryExpression = "unary_expression"
    case undefined = "undefined"
    case updateExpression = "update_expression"
    case variableDeclaration = "variable_declaration"
    case variableDeclarator = "variable_declarator"
    case whileStatement = "while_statement"
    case yieldExpression = "yield_expression"
}

extension Set where Element == NodeKind {
    /// Whether a node's kind (nil: a kind without a case) is one of these.
    @inline(__always)
    public func contains(_ kind: NodeKind?) -> Bool {
        guard let kind else { return false }
        return contains(kind)
    }
}

extension Array where Element == NodeKind {
    /// Whether a node's kind (nil: a kind without a case) is one of these.
    @inline(__always)
    public func contains(_ kind: NodeKind?) -> Bool {
        guard let kind else { return false }
        return contains(kind)
    }
}
