import Foundation
import GrantedSemantics
import Testing
import TestSupport

/// `AnalysisVocabulary` must know every word the analysis compares code against, or an edit that
/// adds such a word to a declaration could keep stale findings in an editor.
struct AnalysisVocabularyTests {
    /// The words of the string literals in the analysis' sources (comments left out): each one a
    /// name or a module the code may be compared with, a message id, a file extension….
    static func literalWords() throws -> [(word: String, place: String)] {
        let root = TestSupport.packageRoot
        var sources: [URL] = []
        for directory in ["Rules", "Sources/GrantedSemantics", "Sources/GrantedLinter"] {
            let url = root.appendingPathComponent(directory)
            // The file that uses the vocabulary names node kinds and characters, not code.
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") && name != "Linter+Edits.swift" {
                sources.append(url.appendingPathComponent(name))
            }
        }
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
        var words: [(String, String)] = []
        for source in sources {
            let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                let whole = line as NSString
                for match in literal.matches(in: line, range: NSRange(location: 0, length: whole.length)) {
                    let text = whole.substring(with: match.range(at: 1))
                    // Messages and interpolations are prose, not names.
                    guard !text.contains(" "), !text.contains("\\(") else { continue }
                    for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }) {
                        words.append((String(word), "\(source.lastPathComponent):\(index + 1)"))
                    }
                }
            }
        }
        return words
    }

    @Test func everyWordOfTheAnalysisIsInTheVocabulary() throws {
        let words = try Self.literalWords()
        #expect(words.count > 300)
        let unknown = words.filter { !AnalysisVocabulary.mayKnow(Substring($0.word)) && !($0.word.first?.isNumber ?? true) }
        #expect(unknown.isEmpty, "not in AnalysisVocabulary: \(unknown.map { "\($0.word) (\($0.place))" })")
    }

    @Test func namesTheAnalysisMayKnow() {
        for known in ["registerForPushNotificationsAsync", "existingStatus", "useSettingsStore", "settings$", "s",
                      "isGranted", "PROVISIONAL", "trackEvent"] {
            #expect(AnalysisVocabulary.mayKnow(Substring(known)), "\(known)")
        }
        for unknown in ["benchmarkEditMarker", "zzProbe", "HttpClient", "42", "colour"] {
            #expect(!AnalysisVocabulary.mayKnow(Substring(unknown)), "\(unknown)")
        }
    }
}
