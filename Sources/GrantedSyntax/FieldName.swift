/// The grammar's field names the analysis asks for, as a type: `node.child(byField: .function)`
/// looks the field's id up in a table of the tree's grammar instead of hashing a name on every call
/// (it was a tenth of the instructions of an edit in the language server). `FieldNameTests` checks
/// every case against both grammars.
public enum FieldName: Int, CaseIterable, Sendable {
    case alias
    case alternative
    case argument
    case arguments
    case body
    case condition
    case consequence
    case constructor
    case declaration
    case finalizer
    case function
    case handler
    case index
    case initializer
    case key
    case kind
    case left
    case module
    case name
    case object
    case `operator`
    case parameter
    case parameters
    case pattern
    case property
    case returnType
    case right
    case source
    case `type`
    case value

    /// The grammar's spelling (`return_type`).
    public var grammarName: String {
        var name = ""
        for character in String(describing: self) {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }
}
