import GrantedFlows

/// `granted-lint flows`: each flow's paths on the eight device states, as text, as JSON
/// (docs/flows.md, "JSON"), or as Markdown tables with a Mermaid flowchart each.
public struct FlowReporter {
    public enum Format { case text, json, markdown }

    /// The path a report shows for a file (relative to the working directory).
    let displayPath: (String) -> String

    public init(displayPath: @escaping (String) -> String) {
        self.displayPath = displayPath
    }

    public func render(_ flows: [FlowEvaluation], format: Format) -> String {
        switch format {
        case .json: return json(flows).render() + "\n"
        case .text: return text(flows)
        case .markdown: return markdown(flows)
        }
    }

    // MARK: JSON

    public func json(_ flows: [FlowEvaluation]) -> JSONValue {
        .object([("flows", .array(flows.map(json)))])
    }

    func json(_ flow: FlowEvaluation) -> JSONValue {
        .object([
            ("function", .string(flow.function.name)),
            ("path", .string(displayPath(flow.function.path))),
            ("line", .int(flow.function.line)),
            ("states", .object(flow.states.map { state, paths in (state.key, .array(paths.map(json))) })),
            ("problems", .array(flow.problems.map { .object([("state", .string($0.state.key)), ("message", .string($0.message))]) })),
        ])
    }

    func json(_ path: FlowPath) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("answers", .array(path.answers.map(JSONValue.string))),
            ("requests", .array(path.requests.map { .object([("line", .int($0.line)), ("dialog", .bool($0.dialog)), ("options", .string($0.options))]) })),
            ("token", path.token.map(JSONValue.int) ?? .null),
            ("alerts", .array(path.alerts.map(JSONValue.int))),
            ("schedules", .array(path.schedules.map(JSONValue.int))),
            ("returns", json(path.returns)),
            ("exit", path.exit.map(JSONValue.int) ?? .null),
            ("assumes", .array(path.assumes.map(JSONValue.string))),
        ]
        if let unfollowed = path.unfollowed { members.append(("unfollowed", .string(unfollowed))) }
        return .object(members)
    }

    func json(_ value: FlowReturn) -> JSONValue {
        switch value {
        case let .bool(flag): return .bool(flag)
        case .null: return .null
        case let .string(text): return .string(text)
        case .token: return .object([("token", .bool(true))])
        case let .unknown(code): return .object([("unknown", .string(code))])
        case let .thrown(code): return .object([("throws", .string(code))])
        }
    }

    // MARK: Words shared by text and Markdown

    /// One path in words: "Allow → token (line 39), returns the push token (line 40)".
    func describe(_ path: FlowPath, state: DeviceState) -> String {
        if let unfollowed = path.unfollowed { return "not followed: \(unfollowed)" }
        var parts: [String] = []
        for (index, request) in path.requests.enumerated() {
            if request.dialog {
                let answer = path.answers.count > index ? path.answers[index] : nil
                let dialogIndex = path.requests[..<index].filter(\.dialog).count
                let shown = dialogIndex < path.answers.count ? path.answers[dialogIndex] : answer
                parts.append("\(state.isIOS ? "full dialog" : "system dialog") (line \(request.line)) → \(shown == "allow" ? "Allow" : "Don't Allow")")
            } else {
                parts.append("request without dialog (line \(request.line))")
            }
        }
        if let token = path.token { parts.append("push token (line \(token))") }
        for alert in path.alerts { parts.append("alert (line \(alert))") }
        for schedule in path.schedules { parts.append("schedules (line \(schedule))") }
        if case .thrown = path.returns {
            parts.append(path.returns.description)
        } else {
            parts.append("returns \(path.returns.description)\(path.exit.map { " (line \($0))" } ?? "")")
        }
        var text = parts.joined(separator: ", ")
        if !path.assumes.isEmpty { text = "[\(path.assumes.joined(separator: "; "))] " + text }
        return text
    }

    // MARK: Text

    func text(_ flows: [FlowEvaluation]) -> String {
        guard !flows.isEmpty else { return "no permission flows found\n" }
        var output = ""
        for flow in flows {
            output += "\(displayPath(flow.function.path)):\(flow.function.line): \(flow.function.name)\n"
            let width = DeviceState.allCases.map(\.label.count).max() ?? 0
            let problemsByState = Dictionary(grouping: flow.problems, by: \.state)
            for (state, paths) in flow.states {
                let marker = problemsByState[state] == nil ? " " : "!"
                let label = state.label.padding(toLength: width, withPad: " ", startingAt: 0)
                for (index, path) in paths.enumerated() {
                    output += "  \(index == 0 ? marker : " ") \(index == 0 ? label : String(repeating: " ", count: width))  \(describe(path, state: state))\n"
                }
            }
            for problem in flow.problems {
                output += "  ! \(problem.state.label): \(problem.message)\n"
            }
            output += "\n"
        }
        let problemCount = flows.reduce(0) { $0 + $1.problems.count }
        output += "\(flows.count) flow\(flows.count == 1 ? "" : "s"), \(problemCount) place\(problemCount == 1 ? "" : "s") where a device is let down\n"
        return output
    }

    // MARK: Markdown

    func markdown(_ flows: [FlowEvaluation]) -> String {
        guard !flows.isEmpty else { return "No permission flows found.\n" }
        var output = "# Permission flows\n\n"
        for flow in flows { output += table(flow) + "\n" + mermaid(flow) + "\n" }
        return output
    }

    /// A flow's table (also in the job summary of a lint run): one row a device state, on the paths
    /// of the conditions that do not depend on the device taken the way that does the most (the
    /// `Device.isDevice` that registers); the JSON has every path.
    public func table(_ flow: FlowEvaluation) -> String {
        var output = "### `\(flow.function.name)` — \(displayPath(flow.function.path)):\(flow.function.line)\n\n"
        output += "| device | dialog | push token | alerts | returns |\n| --- | --- | --- | --- | --- |\n"
        let problemStates = Set(flow.problems.map(\.state))
        var taken = Set<String>()
        for (state, allPaths) in flow.states {
            let unfollowed = allPaths.first { $0.unfollowed != nil }
            let paths = flow.notablePaths(state)
            for path in paths { taken.formUnion(path.assumes) }
            func column(_ cell: (FlowPath) -> String) -> String {
                if let unfollowed, paths.isEmpty { return MarkdownReporter.cell("not followed: \(unfollowed.unfollowed ?? "")") }
                // Each part escaped as the job summary escapes its cells (code stays code), then joined.
                let cells = paths.map { path in
                    (path.answers.last.map { $0 == FlowPath.allow ? "after Allow" : "after Don't Allow" } ?? "", MarkdownReporter.cell(cell(path)))
                }
                if Set(cells.map(\.1)).count <= 1 { return cells.first?.1 ?? "none" }
                return cells.map { $0.0.isEmpty ? $0.1 : "\($0.0): \($0.1)" }.joined(separator: "<br>")
            }
            let device = problemStates.contains(state) ? "**\(MarkdownReporter.cell(state.label))** ⚠" : MarkdownReporter.cell(state.label)
            let dialog = column { path in
                let dialogs = path.requests.filter(\.dialog).map { "line \($0.line)" }
                if !dialogs.isEmpty { return "\(state.isIOS ? "full dialog" : "system dialog") (\(dialogs.joined(separator: ", ")))" }
                return path.requests.isEmpty ? "none" : "none: the request answers at once (line \(path.requests[0].line))"
            }
            let token = column { $0.token.map { "line \($0)" } ?? "none" }
            let alerts = column { $0.alerts.isEmpty ? "none" : $0.alerts.map { "line \($0)" }.joined(separator: ", ") }
            let returns = column { path in
                if case .thrown = path.returns { return path.returns.description }
                return "\(path.returns.description)\(path.exit.map { " (line \($0))" } ?? "")"
            }
            output += "| \(device) | \(dialog) | \(token) | \(alerts) | \(returns) |\n"
        }
        if !taken.isEmpty {
            output += "\nTaking \(taken.sorted().map { Self.takenPhrase($0) }.joined(separator: ", ")): conditions that do not depend on the device (`granted-lint flows --format json` has the other paths).\n"
        }
        if !flow.problems.isEmpty {
            output += "\n" + flow.problems.map { "- ⚠ \($0.state.label): \(MarkdownReporter.cell($0.message))\n" }.joined()
        }
        return output
    }

    /// "`Device.isDevice` as true" from "Device.isDevice is true".
    static func takenPhrase(_ assumption: String) -> String {
        guard let split = assumption.range(of: " is ", options: .backwards) else { return "`\(assumption)`" }
        return "`\(assumption[..<split.lowerBound])` as \(assumption[split.upperBound...])"
    }

    /// A Mermaid flowchart: the flow's decisions, requests, token calls, alerts and exits as nodes,
    /// each edge labelled with the states that take it.
    public func mermaid(_ flow: FlowEvaluation) -> String {
        var nodeIDs: [String: String] = [:]
        var nodeLines: [String] = []
        var edges: [String: [String]] = [:]
        var edgeOrder: [String] = []
        func nodeID(for step: FlowStep?) -> String {
            guard let step else { return "start" }
            let key = "\(step.path)|\(step.range.lowerBound)|\(step.kind.rawValue)|\(step.kind == .exit ? step.label : "")"
            if let known = nodeIDs[key] { return known }
            let id = "n\(nodeIDs.count + 1)"
            nodeIDs[key] = id
            let where_ = step.path == flow.function.path ? "line \(step.line)" : "\(displayPath(step.path)):\(step.line)"
            let label = Self.mermaidText("\(step.label) (\(where_))")
            switch step.kind {
            case .decision: nodeLines.append("  \(id){\"\(label)\"}")
            case .request: nodeLines.append("  \(id)[[\"\(label)\"]]")
            case .token: nodeLines.append("  \(id)[/\"\(label)\"/]")
            case .alert: nodeLines.append("  \(id)>\"\(label)\"]")
            case .exit: nodeLines.append("  \(id)([\"\(Self.mermaidText("returns \(step.label) (\(where_))"))\"])")
            default: nodeLines.append("  \(id)[\"\(label)\"]")
            }
            return id
        }
        for (state, paths) in flow.states {
            for path in paths where path.unfollowed == nil {
                var previous: FlowStep?
                let shown = path.steps.filter { $0.kind != .read || path.steps.first(where: { $0.kind == .read }) == $0 }
                for step in shown {
                    let from = nodeID(for: previous)
                    let to = nodeID(for: step)
                    var label = previous.map { $0.outcome } ?? ""
                    if previous?.kind == .decision { label = label == "true" ? "yes" : "no" }
                    let key = "\(from)|\(to)|\(label)"
                    if edges[key] == nil { edgeOrder.append(key) }
                    if !(edges[key]?.contains(Self.shortLabel(state)) ?? false) { edges[key, default: []].append(Self.shortLabel(state)) }
                    previous = step
                }
            }
        }
        var output = "```mermaid\nflowchart TD\n"
        output += "  start([\"\(Self.mermaidText(flow.function.name))\"])\n"
        output += nodeLines.joined(separator: "\n") + (nodeLines.isEmpty ? "" : "\n")
        for key in edgeOrder {
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let states = edges[key] ?? []
            let label = (parts[2].isEmpty ? "" : parts[2] + ": ") + (states.count == DeviceState.allCases.count ? "all" : states.joined(separator: ", "))
            output += "  \(parts[0]) -->|\"\(Self.mermaidText(label))\"| \(parts[1])\n"
        }
        output += "```\n"
        return output
    }

    static func shortLabel(_ state: DeviceState) -> String {
        switch state {
        case .iosNotDetermined: return "iOS never asked"
        case .iosDenied: return "iOS denied"
        case .iosAuthorized: return "iOS authorized"
        case .iosProvisional: return "iOS provisional"
        case .iosEphemeral: return "iOS ephemeral"
        case .androidNotDetermined: return "Android never asked"
        case .androidGranted: return "Android granted"
        case .androidDenied: return "Android denied"
        }
    }

    /// Text inside a quoted Mermaid label: entity codes for what would end or confuse it.
    static func mermaidText(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "\"": output += "#quot;"
            case "<": output += "#lt;"
            case ">": output += "#gt;"
            case "|": output += "#124;"
            case "#": output += "#35;"
            case "`": output += "#96;"
            case "\n": output += " "
            default: output.append(character)
            }
        }
        return output
    }
}
