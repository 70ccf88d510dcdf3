import GrantedSyntax

/// Finds the named functions of a file, the candidates for flows.
enum FlowFinder {
    /// The calls that read, request or fetch, and the hook: a function that names none of them
    /// and none of the project's flows cannot be a flow.
    static let apiNames = [
        "getPermissionsAsync", "requestPermissionsAsync", "usePermissions", "getExpoPushTokenAsync", "getDevicePushTokenAsync",
        "hasPermission", "requestPermission", "getNotificationSettings", "checkNotifications", "requestNotifications", "getToken",
    ]

    static func functions(in source: FlowSource) -> [FlowFunction] {
        var found: [FlowFunction] = []
        let text = source.tree.source
        func add(_ name: String, nameNode: Node, function: Node, owner: FlowFunction.Owner?) {
            found.append(FlowFunction(
                name: name, path: source.path, line: text.position(of: nameNode.startByte).line, range: function.byteRange,
                nameRange: nameNode.byteRange, owner: owner
            ))
        }
        _ = source.tree.walk(depthLimit: 400) { node in
            switch node.nodeKind {
            case .functionDeclaration, .generatorFunctionDeclaration:
                if let name = node.child(byField: .name) { add(name.text, nameNode: name, function: node, owner: nil) }
            case .variableDeclarator:
                guard let name = node.child(byField: .name), name.is(.identifier), let value = node.child(byField: .value) else { break }
                if FlowRun.isFunctionNode(value) {
                    add(name.text, nameNode: name, function: value, owner: nil)
                } else if value.is(.object), FlowRun.isTopLevel(node) {
                    for member in value.namedChildren {
                        if member.is(.methodDefinition), let key = member.child(byField: .name) {
                            add("\(name.text).\(key.text)", nameNode: key, function: member, owner: .object(name.text))
                        } else if member.is(.pair), let key = member.child(byField: .key), let inner = member.child(byField: .value),
                                  FlowRun.isFunctionNode(inner) {
                            add("\(name.text).\(FlowSource.propertyName(key))", nameNode: key, function: inner, owner: .object(name.text))
                        }
                    }
                }
            case .classDeclaration, .abstractClassDeclaration:
                guard let className = node.child(byField: .name)?.text, let body = node.child(byField: .body), FlowRun.isTopLevel(node) else { break }
                for member in body.namedChildren {
                    if member.is(.methodDefinition), let key = member.child(byField: .name), key.text != "constructor" {
                        add("\(className).\(key.text)", nameNode: key, function: member, owner: .classDeclaration(className))
                    } else if member.is(.publicFieldDefinition), let key = member.child(byField: .name) ?? member.child(byField: .property),
                              let value = member.child(byField: .value), FlowRun.isFunctionNode(value) {
                        add("\(className).\(key.text)", nameNode: key, function: value, owner: .classDeclaration(className))
                    }
                }
            default: break
            }
            return true
        }
        return found
    }

    static func containsAny(_ needles: NeedleSet, in bytes: [UInt8]) -> Bool {
        needles.matchesAny(bytes)
    }

    /// Whether `word` occurs in `bytes` with no identifier character on either side (bytes, not
    /// characters: this runs over every candidate function of the files that may hold flows).
    static func containsWord(_ word: String, in bytes: ArraySlice<UInt8>) -> Bool {
        let pattern = Array(word.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        func isWordByte(_ byte: UInt8) -> Bool { SourceText.isWordByte(byte) }
        var index = bytes.startIndex
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern),
               index == bytes.startIndex || !isWordByte(bytes[index - 1]),
               index + pattern.count == bytes.endIndex || !isWordByte(bytes[index + pattern.count]) {
                return true
            }
            index += 1
        }
        return false
    }
}
