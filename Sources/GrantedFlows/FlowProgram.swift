import Foundation
import GrantedDiscovery
import GrantedSemantics
import GrantedSyntax

/// One parsed file of the project, with its top-level declarations by name.
final class FlowSource {
    let path: String
    let tree: SyntaxTree
    /// Top-level names: the node that declares each (a function, class, variable declarator, or
    /// an import specifier / clause).
    var declarations: [String: Node] = [:]
    /// Exported names and how to reach each: a local name, or a name of another module.
    var exports: [String: ExportTarget] = [:]
    /// `export * from '…'` modules, in order.
    var starExports: [String] = []

    enum ExportTarget {
        case local(String)
        case reexport(module: String, name: String)
        case namespace(module: String)
        /// `export default <expression>`.
        case defaultExpression(Node)
    }

    init(path: String, tree: SyntaxTree) {
        self.path = path
        self.tree = tree
        index()
    }

    private func index() {
        for statement in tree.root.namedChildren { indexStatement(statement, exported: false) }
    }

    private func indexStatement(_ statement: Node, exported: Bool) {
        switch statement.nodeKind {
        case .exportStatement:
            let source = statement.child(byField: .source).map(Self.stringValue)
            if let declaration = statement.child(byField: .declaration) {
                indexStatement(declaration, exported: true)
                return
            }
            let isDefault = statement.children.contains { $0.textEquals("default") && !$0.isNamed }
            if isDefault, let value = statement.child(byField: .value) ?? statement.namedChildren.last {
                switch value.nodeKind {
                case .functionDeclaration, .generatorFunctionDeclaration, .classDeclaration:
                    if let name = value.child(byField: .name)?.text {
                        declarations[name] = value
                        exports["default"] = .local(name)
                    } else {
                        exports["default"] = .defaultExpression(value)
                    }
                case .identifier: exports["default"] = .local(value.text)
                default: exports["default"] = .defaultExpression(value)
                }
                return
            }
            if let clause = statement.namedChildren.first(where: { $0.is(.exportClause) }) {
                for specifier in clause.namedChildren where specifier.is(.exportSpecifier) {
                    guard let name = specifier.child(byField: .name)?.text else { continue }
                    let alias = specifier.child(byField: .alias)?.text ?? name
                    if let source { exports[alias] = .reexport(module: source, name: name) } else { exports[alias] = .local(name) }
                }
                return
            }
            if let namespace = statement.namedChildren.first(where: { $0.is(.namespaceExport) }), let source {
                if let name = namespace.namedChildren.first?.text { exports[name] = .namespace(module: source) }
                return
            }
            if let source { starExports.append(source) }
        case .functionDeclaration, .generatorFunctionDeclaration, .classDeclaration, .abstractClassDeclaration:
            if let name = statement.child(byField: .name)?.text {
                declarations[name] = statement
                if exported { exports[name] = .local(name) }
            }
        case .lexicalDeclaration, .variableDeclaration:
            for declarator in statement.namedChildren where declarator.is(.variableDeclarator) {
                guard let name = declarator.child(byField: .name) else { continue }
                for identifier in Self.boundNames(name) {
                    declarations[identifier] = declarator
                    if exported { exports[identifier] = .local(identifier) }
                }
            }
        case .importStatement:
            for child in statement.namedChildren where child.is(.importClause) {
                for part in child.namedChildren {
                    switch part.nodeKind {
                    case .identifier: declarations[part.text] = statement
                    case .namespaceImport:
                        if let name = part.namedChildren.first?.text { declarations[name] = statement }
                    case .namedImports:
                        for specifier in part.namedChildren where specifier.is(.importSpecifier) {
                            let local = specifier.child(byField: .alias)?.text ?? specifier.child(byField: .name)?.text
                            if let local { declarations[local] = statement }
                        }
                    default: break
                    }
                }
            }
            if let requireClause = statement.namedChildren.first(where: { $0.is(.importRequireClause) }),
               let name = requireClause.namedChildren.first(where: { $0.is(.identifier) })?.text {
                declarations[name] = statement
            }
        case .expressionStatement:
            // `module.exports = { … }` and `exports.name = …` in CommonJS files.
            guard let assignment = statement.namedChildren.first, assignment.is(.assignmentExpression),
                  let left = assignment.child(byField: .left), let right = assignment.child(byField: .right) else { return }
            let target = left.text
            if target == "module.exports" || target == "exports" {
                if right.is(.object) {
                    for member in right.namedChildren {
                        if member.is(.shorthandPropertyIdentifier) { exports[member.text] = .local(member.text) }
                        if member.is(.pair), let key = member.child(byField: .key), let value = member.child(byField: .value), value.is(.identifier) {
                            exports[Self.propertyName(key)] = .local(value.text)
                        }
                    }
                } else if right.is(.identifier) {
                    exports["default"] = .local(right.text)
                }
            } else if target.hasPrefix("exports.") || target.hasPrefix("module.exports.") {
                let name = String(target.split(separator: ".").last ?? "")
                if right.is(.identifier) { exports[name] = .local(right.text) } else { exports[name] = .defaultExpression(right) }
            }
        default: break
        }
    }

    static func boundNames(_ pattern: Node) -> [String] {
        switch pattern.nodeKind {
        case .identifier, .shorthandPropertyIdentifierPattern: return [pattern.text]
        case .objectPattern, .arrayPattern:
            return pattern.namedChildren.flatMap { boundNames($0) }
        case .pairPattern:
            return pattern.child(byField: .value).map(boundNames) ?? []
        case .objectAssignmentPattern, .assignmentPattern:
            return pattern.child(byField: .left).map(boundNames) ?? []
        case .restPattern:
            return pattern.namedChildren.first.map(boundNames) ?? []
        default: return []
        }
    }

    static func stringValue(_ node: Node) -> String {
        let text = node.text
        guard text.count >= 2 else { return text }
        return String(text.dropFirst().dropLast())
    }

    static func propertyName(_ key: Node) -> String {
        key.is(.string) ? stringValue(key) : key.text
    }
}

/// The project's files as the evaluation reads them: parsed once and shared by every run, with
/// module specifiers resolved to files the way bundlers do (extensions, `index` files).
public final class FlowProgram {
    let readFile: (String) -> [UInt8]?
    private var sources: [String: FlowSource?] = [:]
    /// Resolves import specifiers (it reads nothing but directory listings).
    private let resolver: ProjectIndex
    private var parsers: [Grammar: SyntaxParser] = [:]

    /// `readFile` gives a file's bytes (an editor's buffer before the disk).
    public init(readFile: @escaping (String) -> [UInt8]? = { path in
        if case let .success(bytes) = FileReader.read(path, maxSize: 4 * 1024 * 1024) { return bytes }
        return nil
    }) {
        self.readFile = readFile
        resolver = ProjectIndex(readFile: readFile, recordsDependencies: false)
    }

    /// Registers a tree the caller already has (the linted file), so it is not parsed again.
    public func add(tree: SyntaxTree, path: String) {
        sources[absolute(path)] = FlowSource(path: absolute(path), tree: tree)
    }

    /// The text of a file the evaluation read.
    public func sourceText(of path: String) -> SourceText? { source(at: path)?.tree.source }

    func source(at path: String) -> FlowSource? {
        let path = absolute(path)
        if let known = sources[path] { return known }
        var made: FlowSource?
        let fileExtension = path.split(separator: ".").last.map(String.init) ?? ""
        if let grammar = Grammar(fileExtension: fileExtension), let bytes = readFile(path) {
            let parser = parsers[grammar] ?? SyntaxParser(grammar: grammar)
            parsers[grammar] = parser
            if let tree = parser.parse(SourceText(bytes: bytes)) { made = FlowSource(path: path, tree: tree) }
        }
        sources[path] = made
        return made
    }

    /// The file a relative specifier names, from the importing file; nil for packages. The project
    /// index's resolution (extensions, `index` files, one directory listing each), and TypeScript's
    /// `./push.js` naming `push.ts` on top.
    func resolve(_ specifier: String, from file: String) -> String? {
        if let found = resolver.resolvedFile(specifier, from: file) { return found }
        for javaScript in [".js", ".jsx", ".mjs", ".cjs"] where specifier.hasSuffix(javaScript) {
            return resolver.resolvedFile(String(specifier.dropLast(javaScript.count)), from: file)
        }
        return nil
    }
}

/// The packages whose exports the evaluation knows.
enum KnownPackage: String {
    case expoNotifications = "expo-notifications"
    case firebaseMessaging = "@react-native-firebase/messaging"
    case notifee = "@notifee/react-native"
    case permissions = "react-native-permissions"
    case reactNative = "react-native"
    case react = "react"
    case reduxSagaEffects = "redux-saga/effects"
    case reduxSaga = "redux-saga"
    case expoDevice = "expo-device"
    case asyncStorage = "@react-native-async-storage/async-storage"
    case expoConstants = "expo-constants"
}
