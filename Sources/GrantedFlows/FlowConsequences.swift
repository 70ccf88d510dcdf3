import Foundation
/// What an evaluation means for the devices: where the seed's roll-out rules break, and the
/// sentences the findings carry (docs/flows.md).
extension FlowReturn: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .bool(flag): return flag ? "true" : "false"
        case .null: return "null"
        case let .string(text): return "'\(text)'"
        case .token: return "the push token"
        case let .unknown(code): return code == Self.permissionResponse ? code : "`\(code)`"
        case let .thrown(code): return "throws `\(code)`"
        }
    }

    /// What a flow returns when it hands back expo-notifications' response itself.
    public static let permissionResponse = "the permission response"
}

/// A place where a device is let down.
public struct FlowProblem: Hashable, Sendable {
    public let state: DeviceState
    public let message: String
}

extension FlowEvaluation {
    /// Whether some path of some state fetches a push token: then a deliverable device that ends
    /// without one is dropped.
    public var fetchesToken: Bool {
        states.contains { $0.paths.contains { $0.token != nil } }
    }

    /// Where a deliverable device is shown a dialog or ends without a token, where an authorized
    /// device is sent a provisional request, and where a denied device is asked again.
    public var problems: [FlowProblem] {
        var found: [FlowProblem] = []
        let tokenFlow = fetchesToken
        for (state, paths) in states {
            var messages: [String] = []
            // Judged on the paths of the most eventful assumptions: a device that is not a real
            // device (`Device.isDevice` false) ending without a token is nobody's problem.
            let judged = Set(notablePaths(state))
            for path in paths where path.unfollowed == nil && judged.contains(path) {
                if state.isDeliverable, let dialog = path.requests.first(where: \.dialog) {
                    messages.append("a deliverable device is shown \(state.isIOS ? "the full permission dialog" : "the system dialog") (line \(dialog.line))")
                }
                if state.isDeliverable, tokenFlow, path.token == nil {
                    let answer = path.answers.last.map { " after \($0 == "allow" ? "Allow" : "Don't Allow")" } ?? ""
                    messages.append("a deliverable device ends without a push token\(answer)\(path.exit.map { " (returns at line \($0))" } ?? "")")
                }
                if state == .iosAuthorized, let request = path.requests.first(where: \.provisional) {
                    messages.append("an authorized device is sent a provisional request (line \(request.line))")
                }
                if state == .iosDenied || state == .androidDenied, let request = path.requests.first {
                    messages.append("a denied device is asked again (line \(request.line)): it can only get DENIED back")
                }
            }
            var seen = Set<String>()
            for message in messages where seen.insert(message).inserted { found.append(FlowProblem(state: state, message: message)) }
        }
        return found
    }

    /// The paths of a state that a note describes: those of the most eventful assumptions (the
    /// `Device.isDevice` branch that registers, rather than the one that returns at once).
    public func notablePaths(_ state: DeviceState) -> [FlowPath] {
        let paths = self.paths(state).filter { $0.unfollowed == nil }
        guard let best = paths.max(by: { eventCount($0) < eventCount($1) }) else { return [] }
        // The paths that agree with its assumptions (a path that returned before a condition was
        // read assumed less, not otherwise).
        let assumptions = Set(best.assumes)
        return paths.filter { Set($0.assumes).isSubset(of: assumptions) }
    }

    private func eventCount(_ path: FlowPath) -> Int {
        path.requests.count * 2 + (path.token == nil ? 0 : 2) + path.alerts.count + path.schedules.count + (path.touched ? 1 : 0)
    }

    /// What a device lives through, in one clause: "shows the full permission dialog (line 27);
    /// after Allow it gets its push token at line 39; after Don't Allow it returns at line 32
    /// without a push token".
    /// - Parameter saysNoRequest: whether to say "makes no request" when the flow requests on other
    ///   devices only (for the device a finding is about, not the one it is compared with).
    public func experience(_ state: DeviceState, saysNoRequest: Bool = true) -> String? {
        let paths = notablePaths(state)
        guard !paths.isEmpty else { return nil }
        let tokenFlow = fetchesToken
        func outcome(_ path: FlowPath) -> String {
            var parts: [String] = []
            if let token = path.token {
                parts.append("gets its push token at line \(token)")
            } else {
                var ending = path.alerts.isEmpty ? "" : "shows an alert (line \(path.alerts[0])) and "
                var returned = path.returns.description == "null" ? "" : path.returns.description + " "
                // An object's code would read as a message placeholder (`{ token }`).
                if case let .unknown(code) = path.returns, code.contains("{") { returned = "an object " }
                if case .thrown = path.returns {
                    ending += path.returns.description
                } else {
                    ending += "returns \(returned)at line \(path.exit.map(String.init) ?? "?")"
                }
                if tokenFlow { ending += " without a push token" }
                parts.append(ending)
            }
            if !path.schedules.isEmpty { parts.append("schedules a notification (line \(path.schedules[0]))") }
            return parts.joined(separator: " and ")
        }
        var clauses: [String] = []
        let dialogs = Set(paths.flatMap { $0.requests.filter(\.dialog).map(\.line) }).sorted()
        let silent = Set(paths.flatMap { $0.requests.filter { !$0.dialog }.map(\.line) }).sorted()
        if let dialog = dialogs.first {
            clauses.append("shows \(state.isIOS ? "the full permission dialog" : "the system permission dialog") (line \(dialog))")
        } else if let request = silent.first {
            if state == .iosDenied || state == .androidDenied {
                clauses.append("requests at line \(request), which returns DENIED at once")
            } else {
                clauses.append("requests at line \(request) with no dialog")
            }
        } else if saysNoRequest, states.contains(where: { $0.paths.contains { !$0.requests.isEmpty } }) {
            // The flow requests on other devices, not on this one.
            clauses.append("makes no request")
        }
        let byAnswer = Dictionary(grouping: paths) { $0.answers.last ?? "" }
        if byAnswer.keys.contains("allow") || byAnswer.keys.contains("deny") {
            for answer in ["allow", "deny"] {
                guard let path = byAnswer[answer]?.first else { continue }
                clauses.append("after \(answer == "allow" ? "Allow" : "Don't Allow") it \(outcome(path))")
            }
            if let path = byAnswer[""]?.first { clauses.append("otherwise it \(outcome(path))") }
        } else if let path = paths.first {
            clauses.append(outcome(path))
        }
        return clauses.joined(separator: "; ")
    }

    /// "on a provisionally authorized iPhone, `register` shows the full permission dialog (line
    /// 27); after Don't Allow it returns at line 32 without a push token — an authorized iPhone
    /// gets its push token at line 39"
    public func consequence(on state: DeviceState, comparedWith other: DeviceState?) -> String? {
        guard let experience = self.experience(state) else { return nil }
        // A note that says both devices live through the same tells nothing.
        if let other, self.experience(other, saysNoRequest: false) == self.experience(state, saysNoRequest: false) { return nil }
        var sentence = "on \(state.phrase), `\(function.name)` \(experience)"
        if let other, let otherExperience = self.experience(other, saysNoRequest: false) {
            sentence += " — \(other.phrase) \(otherExperience.replacingOccurrences(of: "after Allow it", with: "after Allow").replacingOccurrences(of: "after Don't Allow it", with: "after Don't Allow"))"
        }
        let assumptions = notablePaths(state).first?.assumes ?? []
        if !assumptions.isEmpty {
            let taken = assumptions.map { assumption -> String in
                guard let split = assumption.range(of: " is ", options: .backwards) else { return "`\(assumption)`" }
                return "`\(assumption[..<split.lowerBound])` as \(assumption[split.upperBound...])"
            }
            sentence += " (taking \(taken.joined(separator: ", ")))"
        }
        return sentence
    }
}
