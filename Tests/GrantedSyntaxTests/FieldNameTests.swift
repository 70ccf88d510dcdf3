import CTreeSitter
import CTreeSitterTypeScript
import Foundation
import GrantedSyntax
import Testing

/// `FieldName` is how code names a field: every case must be a field of both grammars (a misspelt
/// case would be a lookup that always fails), and a lookup must find what the grammar puts there.
struct FieldNameTests {
    @Test(arguments: FieldName.allCases)
    func everyFieldExistsInBothGrammars(_ field: FieldName) {
        let name = Array(field.grammarName.utf8CString)
        for language in [tree_sitter_typescript(), tree_sitter_tsx()] {
            let id = name.withUnsafeBufferPointer { ts_language_field_id_for_name(language, $0.baseAddress, UInt32(name.count - 1)) }
            #expect(id != 0, "\(field) (\(field.grammarName))")
        }
    }

    @Test func theGrammarSpellingHasUnderscores() {
        #expect(FieldName.returnType.grammarName == "return_type")
        #expect(FieldName.operator.grammarName == "operator")
    }

    @Test func lookupsFindTheFieldsChildren() throws {
        let source = "function f(a: number): string { return a > 1 ? 'x' : g(a); }\ntry { f(1) } catch (e) {} finally {}\n"
        for grammar in [Grammar.typescript, .tsx] {
            let tree = try #require(SyntaxParser(grammar: grammar).parse(SourceText(bytes: Array(source.utf8))))
            let function = try #require(tree.root.namedChildren.first)
            #expect(function.child(byField: .name)?.text == "f")
            #expect(function.child(byField: .returnType)?.text == ": string")
            #expect(function.child(byField: .parameters)?.text == "(a: number)")
            #expect(function.child(byField: .value) == nil)
            let ternary = try #require(function.child(byField: .body)?.namedChildren.first?.namedChildren.first)
            #expect(ternary.child(byField: .condition)?.text == "a > 1")
            #expect(ternary.child(byField: .alternative)?.child(byField: .function)?.text == "g")
            let statement = try #require(tree.root.namedChildren.last)
            #expect(statement.child(byField: .handler) != nil && statement.child(byField: .finalizer) != nil)
            #expect(statement.children(byField: .body).count == 1)
        }
    }
}
